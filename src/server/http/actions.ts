import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { MemberBannedAnswer } from '../../protocol/console';
import { ErrorCode, errorMessage } from '../../protocol/errors';
import { type Answer, SERVICES, type Service } from '../../protocol/wire';
import type { AppContext, SessionUser } from '../capability';

/** What a handler gets besides its validated input; `Own` is its capability's tables (capability.ts). */
export interface ActionContext<Own extends object = object> {
  deps: AppContext<Own>;
  req: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in account, when the action asked for one (auth: 'member'). */
  user: SessionUser;
  /** The signed-in account behind the request, if any: for public actions that also serve members. */
  session(): Promise<SessionUser | null>;
}

export interface ActionDef<S extends z.ZodType = z.ZodType, Own extends object = object> {
  service: Service;
  name: string;
  input: S;
  /** 'public': anyone; 'member': a valid bearer session is required (else NOT_SIGNED_IN). */
  auth: 'public' | 'member';
  handler(input: z.infer<S>, ctx: ActionContext<Own>): Promise<Answer | SerializedAnswer>;
}

/** An answer already in JSON bytes (a remembered getUserData): sent as it is, without serialising again. */
export class SerializedAnswer {
  constructor(
    readonly iErrorCode: number,
    readonly json: Buffer,
  ) {}
}

/** Declares one action; the type of `input` flows into the handler. */
export function defineAction<S extends z.ZodType>(def: ActionDef<S>): ActionDef {
  return def as unknown as ActionDef;
}

/** `defineAction` for one capability: its handlers' `deps.db` is typed with the capability's tables. */
export function actionDefiner<Own extends object>() {
  return <S extends z.ZodType>(def: ActionDef<S, Own>): ActionDef => def as unknown as ActionDef;
}

export function fail(code: number, sMessage = errorMessage(code)): Answer {
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

  function route(action: ActionDef, req: FastifyRequest, reply: FastifyReply): Promise<Answer | SerializedAnswer> {
    const parsed = action.input.safeParse(req.body ?? {});
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first?.path.length ? `${first.path.join('.')}: ` : '';
      return Promise.resolve(
        fail(ErrorCode.BAD_INPUT, `${where}${first?.message ?? errorMessage(ErrorCode.BAD_INPUT)}`),
      );
    }
    if (action.auth !== 'member') {
      const user = null as unknown as SessionUser;
      return action.handler(parsed.data, {
        deps,
        req,
        reply,
        user,
        session: () => Promise.resolve(authenticate(req)),
      });
    }
    const signedIn = (user: SessionUser | null): Promise<Answer | SerializedAnswer> | Answer => {
      if (!user) return fail(ErrorCode.NOT_SIGNED_IN);
      if (user.ban) return bannedAnswer(user.ban);
      return action.handler(parsed.data, { deps, req, reply, user, session: () => Promise.resolve(user) });
    };
    // A remembered session is known at once: no promise until the handler's own.
    const user = authenticate(req);
    if (user instanceof Promise) return user.then(signedIn);
    const answer = signedIn(user);
    return answer instanceof Promise ? answer : Promise.resolve(answer);
  }
}
