import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import { readNow } from '../db/index';

/** Marks an argument's place in a compiled query; a NUL never survives the request boundary (http/body.ts). */
const MARK = '\u0000arg:';

interface Template {
  sql: string;
  /** A SELECT: on SQLite it runs at once while no transaction holds the connection (db/index.ts readNow). */
  read: boolean;
  /** For each parameter: the index of the argument it takes, or the constant it keeps. */
  parameters: Array<{ arg: number } | { value: unknown }>;
}

/**
 * A query of the hot path compiled once per database (and its transactions) instead of on every call (Kysely builds and
 * compiles every query anew, which costs more than SQLite running it). `build` receives stand-ins
 * for the arguments (scalars only: an array would not expand); each call swaps the real values in.
 */
export function prepared<DB, Args extends unknown[], Row>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): Prepared<DB, Args, Row> {
  // By the database's adapter, which its transactions share (with the same plugins): a query
  // compiled once serves them too. A handle with other plugins (none here) compiles its own.
  const templates = new WeakMap<object, Template & { plugins: readonly unknown[] }>();
  const compile = (db: Kysely<DB>, arity: number): Template => {
    const marks = Array.from({ length: arity }, (_, i) => `${MARK}${i}`) as unknown as Args;
    const compiled = build(db, ...marks).compile();
    return {
      sql: compiled.sql,
      read: compiled.query.kind === 'SelectQueryNode',
      parameters: compiled.parameters.map((value) =>
        typeof value === 'string' && value.startsWith(MARK) ? { arg: Number(value.slice(MARK.length)) } : { value },
      ),
    };
  };
  const bound = (db: Kysely<DB>, args: Args) => {
    const { adapter, plugins } = db.getExecutor();
    let template = templates.get(adapter);
    if (!template || !samePlugins(template.plugins, plugins)) {
      template = { ...compile(db, args.length), plugins };
      templates.set(adapter, template);
    }
    return { template, parameters: template.parameters.map((p) => ('arg' in p ? args[p.arg] : p.value)) };
  };
  const run = async (db: Kysely<DB>, ...args: Args) => {
    const { template, parameters } = bound(db, args);
    const now = template.read ? readNow(db, template.sql, parameters) : undefined;
    if (now) return now as Row[];
    const result = await db.executeQuery<Row>(CompiledQuery.raw(template.sql, parameters));
    return result.rows;
  };
  return Object.assign(run, {
    now(db: Kysely<DB>, ...args: Args) {
      const { template, parameters } = bound(db, args);
      return template.read ? (readNow(db, template.sql, parameters) as Row[] | undefined) : undefined;
    },
  });
}

export interface Prepared<DB, Args extends unknown[], Row> {
  (db: Kysely<DB>, ...args: Args): Promise<Row[]>;
  /**
   * The rows at once, without a promise, when the query is a read SQLite can run now (db/index.ts
   * readNow); undefined otherwise (PostgreSQL, a transaction open): then call the query itself.
   */
  now(db: Kysely<DB>, ...args: Args): Row[] | undefined;
}

function samePlugins(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((plugin, i) => plugin === b[i]);
}
