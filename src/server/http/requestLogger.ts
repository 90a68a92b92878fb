import type { FastifyBaseLogger, LogLevel } from 'fastify';

type Level = Exclude<LogLevel, 'silent'>;
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Parent = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };

/**
 * A request's logger (Fastify's `req.log`, its lines carrying the request id) that asks pino for its
 * child only when the request writes a line at an enabled level. Most requests write none, and
 * pino's child() on every request cost a measurable share of answering isMaintenance.
 */
class RequestLogger implements FastifyBaseLogger {
  #made: Parent | undefined;

  constructor(
    private readonly parent: Parent,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return (this.#made ?? this.parent).level;
  }

  set level(level: string) {
    this.child().level = level;
  }

  /** With no arguments: this request's pino child itself, made now. */
  child(bindings?: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    this.#made ??= this.parent.child(this.bindings, this.options) as Parent;
    return bindings ? this.#made.child(bindings, options) : this.#made;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  private write(level: Level, args: unknown[]): void {
    // The request's own level once it has one (a handler may set `req.log.level`), else the parent's.
    if ((this.#made ?? this.parent).isLevelEnabled?.(level) === false) return;
    (this.child()[level] as (...line: unknown[]) => void)(...args);
  }
}

/** Fastify's `childLoggerFactory`. A route with a log level of its own gets its child at once. */
export function requestLogger(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
  if (options.level !== undefined) return parent.child(bindings, options);
  return new RequestLogger(parent, bindings, options);
}
