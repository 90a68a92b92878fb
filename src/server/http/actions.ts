import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ActionAnswer, ActionAuth, ActionEntry, ActionName } from '../../protocol/actions';
import type { MemberBannedAnswer } from '../../protocol/console';
import { ErrorCode, errorMessage } from '../../protocol/errors';
import { type Answer, SERVICES, type Service } from '../../protocol/wire';
import type { AppContext, SessionUser } from '../capability';

/** What a handler gets besides its validated input; `Own` is its capability's tables (capability.ts). */
export interface ActionContext<Own extends object = object, Auth extends ActionAuth = 'member'> {
  deps: AppContext<Own>;
  req: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in account of a member action (auth: 'member'); null for a public one. */
  user: Auth extends 'member' ? SessionUser : null;
  /** The signed-in account behind the request, if any: for public actions that also serve members. */
  session(): Promise<SessionUser | null>;
}

/**
 * A refused call: its code and the sentence for it (`fail`). Its sentence is required, so that an
 * answer of another action (whose sMessage is optional) never passes for a refusal.
 */
export interface Refusal {
  iErrorCode: number;
  sMessage: string;
}

/** An answer already in JSON bytes (a remembered getUserData): sent as it is, without serialising again. */
export class SerializedAnswer {
  constructor(
    readonly iErrorCode: number,
    readonly json: Buffer,
  ) {}
}

/**
 * One member action as its capability defines it, held to its entry in the registry
 * (protocol/actions.ts): the name must be there, and the schema, the auth and the answer its own.
 */
export interface ActionDefinition<Svc extends Service, N extends ActionName<Svc>, Own extends object> {
  service: Svc;
  name: N;
  input: ActionEntry<Svc, N>['input'];
  /** 'public': anyone; 'member': a valid bearer session is required (else NOT_SIGNED_IN). */
  auth: ActionEntry<Svc, N>['auth'];
  /** Not counted by the per-IP rate limit: a read answered from memory, cheaper than counting it (decision 0253). */
  uncounted?: true;
  handler(
    input: z.output<ActionEntry<Svc, N>['input']>,
    ctx: ActionContext<Own, ActionEntry<Svc, N>['auth']>,
  ): Promise<ActionAnswer<Svc, N> | Refusal | SerializedAnswer>;
}

/** A member action as the router holds it: its definition closed over its own types. */
export interface ActionDef<Own extends object = object> {
  service: Service;
  name: string;
  auth: ActionAuth;
  input: z.ZodType;
  uncounted?: true;
  /** Parses a request's body: BAD_INPUT's refusal, or the handler bound to the parsed input. */
  accept(body: unknown): { refused: Refusal } | Accepted<Own>;
}

/** A request's input, parsed: its action's handler, ready to run with it. */
interface Accepted<Own extends object = object> {
  run(ctx: ActionContext<Own, ActionAuth>): Promise<RoutedAnswer>;
}

type RoutedAnswer = Answer | SerializedAnswer;

/** BAD_INPUT naming the first field the schema refused. */
export function badInput(error: z.ZodError): Refusal {
  const first = error.issues[0];
  const where = first?.path.length ? `${first.path.join('.')}: ` : '';
  return fail(ErrorCode.BAD_INPUT, `${where}${first?.message ?? errorMessage(ErrorCode.BAD_INPUT)}`);
}

/**
 * The router's view of a definition: the typed handler, called with what its schema parsed. The
 * router's context holds a user or null; a member action's handler, asking for a user, takes it
 * (method parameters are bivariant), and the router gives member actions their user (route below).
 */
function closeOver<Own extends object, S extends z.ZodType, R extends RoutedAnswer>(def: {
  service: Service;
  name: string;
  auth: ActionAuth;
  input: S;
  uncounted?: true;
  handler(input: z.output<S>, ctx: ActionContext<Own, ActionAuth>): Promise<R>;
}): ActionDef<Own> {
  const { service, name, auth, input, uncounted } = def;
  return {
    service,
    name,
    auth,
    input,
    ...(uncounted ? { uncounted } : {}),
    accept(body) {
      const parsed = input.safeParse(body);
      if (!parsed.success) return { refused: badInput(parsed.error) };
      return {
        run(ctx) {
          return def.handler(parsed.data, ctx);
        },
      };
    },
  };
}

/**
 * `Schema` when it reads and yields what `Wanted` does, else never: a schema with more or fewer
 * fields than the registry's would pass a plain assignability check one way or the other.
 */
export type SameSchema<Schema extends z.ZodType, Wanted extends z.ZodType> = [
  z.input<Schema>,
  z.output<Schema>,
] extends [z.input<Wanted>, z.output<Wanted>]
  ? [z.input<Wanted>, z.output<Wanted>] extends [z.input<Schema>, z.output<Schema>]
    ? Schema
    : never
  : never;

/** Declares one action of a capability: its handlers' `deps.db` is typed with the capability's tables. */
export function actionDefiner<Own extends object>() {
  return <Svc extends Service, N extends ActionName<Svc>, S extends ActionEntry<Svc, N>['input']>(
    def: ActionDefinition<Svc, N, Own> & { input: SameSchema<S, ActionEntry<Svc, N>['input']> },
  ): ActionDef<Own> => closeOver(def);
}

export function fail(code: number, sMessage = errorMessage(code)): Refusal {
  return { iErrorCode: code, sMessage };
}

/** MEMBER_BANNED with the ban's reason and end (0: until lifted), for the member to read. */
export function bannedAnswer(ban: { reason: string; until: number | null }): MemberBannedAnswer {
  return { ...fail(ErrorCode.MEMBER_BANNED), sBanReason: ban.reason, iBanUntil: ban.until ?? 0 };
}

/** Registers POST /api/<service>/<action> for every action; unknown names answer UNKNOWN_ACTION. */
export function registerActions(
  app: FastifyInstance,
  deps: AppContext,
  actions: readonly ActionDef[],
  authenticate: (req: FastifyRequest) => SessionUser | null | Promise<SessionUser | null>,
  /** Told every answer's iErrorCode (metrics). */
  onAnswer: (action: string, code: number) => void = () => {},
): void {
  const table = new Map<string, ActionDef>();
  for (const action of actions) {
    const key = `${action.service}/${action.name}`;
    if (table.has(key)) throw new Error(`Action ${key} is defined twice`);
    table.set(key, action);
  }

  // No async functions on this path: each promise costs more than the lookups (and, while Better
  // Auth runs, its AsyncLocalStorage makes every promise pay a hook: identity/authContext.ts).
  app.post<{ Params: { service: string; action: string } }>('/api/:service/:action', (req, reply) => {
    const { service, action: name } = req.params;
    if (!(SERVICES as readonly string[]).includes(service)) {
      return reply.code(404).send(fail(ErrorCode.UNKNOWN_ACTION));
    }
    const key = `${service}/${name}`;
    const action = table.get(key);
    if (!action) return Promise.resolve(fail(ErrorCode.UNKNOWN_ACTION));
    return route(action, req, reply).then((answer) => {
      onAnswer(key, answer.iErrorCode);
      if (answer instanceof SerializedAnswer) return reply.type('application/json; charset=utf-8').send(answer.json);
      return answer;
    });
  });

  // The closures made per request here are methods or unnamed: tsx compiles with esbuild's
  // `keepNames`, which gives an arrow named by a `const` or a property an Object.defineProperty call
  // each time it is made (issue 40: ~2.5% of isMaintenance's CPU on this path alone).
  function route(action: ActionDef, req: FastifyRequest, reply: FastifyReply): Promise<RoutedAnswer> {
    const accepted = action.accept(req.body ?? {});
    if ('refused' in accepted) return Promise.resolve(accepted.refused);
    if (action.auth !== 'member') {
      return accepted.run({
        deps,
        req,
        reply,
        user: null,
        session() {
          return Promise.resolve(authenticate(req));
        },
      });
    }
    // A remembered session is known at once: no promise until the handler's own.
    const user = authenticate(req);
    if (user instanceof Promise) return user.then((known) => signedIn(accepted, req, reply, known));
    const answer = signedIn(accepted, req, reply, user);
    return answer instanceof Promise ? answer : Promise.resolve(answer);
  }

  function signedIn(
    accepted: Accepted,
    req: FastifyRequest,
    reply: FastifyReply,
    user: SessionUser | null,
  ): Promise<RoutedAnswer> | RoutedAnswer {
    if (!user) return fail(ErrorCode.NOT_SIGNED_IN);
    if (user.ban) return bannedAnswer(user.ban);
    return accepted.run({
      deps,
      req,
      reply,
      user,
      session() {
        return Promise.resolve(user);
      },
    });
  }
}
