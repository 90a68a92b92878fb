import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ConsoleActionAnswer, ConsoleActionName, ConsoleActions } from '../../protocol/actions';
import { CONSOLE_SERVICE, type ConsolePermission, type ConsoleRole, roleMay } from '../../protocol/console';
import { ErrorCode } from '../../protocol/errors';
import type { Answer } from '../../protocol/wire';
import type { AppContext } from '../capability';
import { badInput, fail, type Refusal, type SameSchema } from './actions';

/**
 * Console actions (issue 27): `POST /api/console/<name>` with an operator's bearer token. A
 * capability contributes them in its runtime (`consoleActions`), the way it contributes member
 * actions; each handler calls the same capability function its CLI command calls, so a lever has
 * one implementation and one audit. The dispatcher (the operators capability) answers
 * CONSOLE_NOT_OPERATOR, CONSOLE_SECOND_FACTOR_REQUIRED, CONSOLE_SESSION_EXPIRED or
 * CONSOLE_FORBIDDEN before a handler runs, and INVALID_INPUT for input its schema refuses.
 */
export interface Operator {
  /** The operator's account id (Better Auth user id). */
  id: string;
  email: string;
  role: ConsoleRole;
  /** The console session's id. */
  sessionId: string;
  /** What the audit log records as the actor: `console:<email>` (the CLI writes `cli:<user>`). */
  actor: string;
}

export interface ConsoleActionContext<Own extends object = object> {
  deps: AppContext<Own>;
  req: FastifyRequest;
  operator: Operator;
}

/**
 * One console action as its capability defines it, held to its entry in the registry
 * (protocol/actions.ts ConsoleActions): the name must be there, and the schema, the permission and
 * the answer its own.
 */
export interface ConsoleActionDefinition<N extends ConsoleActionName, Own extends object> {
  /** The action's name: `POST /api/console/<name>`. */
  name: N;
  /** The permission an operator's role must hold (protocol/console.ts ROLE_PERMISSIONS). */
  permission: ConsoleActions[N]['permission'];
  input: ConsoleActions[N]['input'];
  /**
   * The account the lever acts on (issue 35): the gate's checks refuse an operator of equal or
   * higher rank, and the operator's own account. Null: none (a report resolved without a sanction).
   */
  target?(input: z.output<ConsoleActions[N]['input']>, deps: AppContext<Own>): string | null | Promise<string | null>;
  /** The change needs a fresh confirmation of the console session (password and code, issue 35). */
  confirm?: boolean;
  handler(
    input: z.output<ConsoleActions[N]['input']>,
    ctx: ConsoleActionContext<Own>,
  ): Promise<ConsoleActionAnswer<N> | Refusal>;
}

/** A console call whose input its schema accepted: the account it targets, and the handler, bound to that input. */
export interface AcceptedConsoleCall<Own extends object = object> {
  target(deps: AppContext<Own>): Promise<string | null>;
  run(ctx: ConsoleActionContext<Own>): Promise<Answer>;
}

/** A console action as the dispatcher holds it: its definition closed over its own types. */
export interface ConsoleActionDef<Own extends object = object> {
  name: string;
  permission: ConsolePermission;
  confirm?: boolean;
  input: z.ZodType;
  /** Parses a request's body: BAD_INPUT's refusal, or the call bound to the parsed input. */
  accept(body: unknown): { refused: Refusal } | AcceptedConsoleCall<Own>;
}

function closeOver<Own extends object, S extends z.ZodType, R extends Answer>(def: {
  name: string;
  permission: ConsolePermission;
  confirm?: boolean;
  input: S;
  target?(input: z.output<S>, deps: AppContext<Own>): string | null | Promise<string | null>;
  handler(input: z.output<S>, ctx: ConsoleActionContext<Own>): Promise<R>;
}): ConsoleActionDef<Own> {
  const { name, permission, confirm, input } = def;
  return {
    name,
    permission,
    ...(confirm === undefined ? {} : { confirm }),
    input,
    accept(body) {
      const parsed = input.safeParse(body);
      if (!parsed.success) return { refused: badInput(parsed.error) };
      return {
        target: async (deps) => (def.target ? def.target(parsed.data, deps) : null),
        run: (ctx) => def.handler(parsed.data, ctx),
      };
    },
  };
}

/** Declares console actions for one capability: handlers' `deps.db` is typed with its tables. */
export function consoleActionDefiner<Own extends object>() {
  return <N extends ConsoleActionName, S extends ConsoleActions[N]['input']>(
    def: ConsoleActionDefinition<N, Own> & { input: SameSchema<S, ConsoleActions[N]['input']> },
  ): ConsoleActionDef<Own> => closeOver(def);
}

/**
 * What the gate checks once the action and its input are known (the operators capability's
 * trust rules, issue 35): `beforeHandler` answers a refusal's code (rank, own account, fresh
 * confirmation) or null; `refusedAbove` audits a call above the operator's role.
 */
export interface ConsoleChecks {
  beforeHandler(action: ConsoleActionDef, call: AcceptedConsoleCall): Promise<number | null>;
  refusedAbove(action: ConsoleActionDef): Promise<void>;
}

/** The gate's answer: the operator and the checks of their call, or the code its refusal answers. */
export type ConsoleGateAnswer = { operator: Operator; checks?: ConsoleChecks } | { refused: number };

/**
 * The gate before every console action (the operators capability keeps it): the operator behind
 * the bearer token, with a second factor passed in this session and not idle; it bumps the idle timer.
 */
export type ConsoleGate = (req: FastifyRequest, deps: AppContext) => Promise<ConsoleGateAnswer>;

/**
 * Registers `POST /api/console/<action>`: unknown names answer UNKNOWN_ACTION; then the gate
 * (CONSOLE_NOT_OPERATOR, CONSOLE_SECOND_FACTOR_REQUIRED, CONSOLE_SESSION_EXPIRED), the role's
 * permission (CONSOLE_FORBIDDEN), the input (BAD_INPUT), and the handler. The per-IP limit of
 * every /api route applies (plugins/perIpRateLimit.ts).
 */
export function registerConsoleActions(
  app: FastifyInstance,
  deps: AppContext,
  actions: readonly ConsoleActionDef[],
  gate: ConsoleGate | null,
  onAnswer: (action: string, code: number) => void = () => {},
): void {
  const table = new Map<string, ConsoleActionDef>();
  for (const action of actions) {
    if (table.has(action.name)) throw new Error(`Console action ${action.name} is defined twice`);
    table.set(action.name, action);
  }
  app.post<{ Params: { action: string } }>(`/api/${CONSOLE_SERVICE}/:action`, async (req) => {
    const action = table.get(req.params.action);
    if (!action) return fail(ErrorCode.UNKNOWN_ACTION);
    const answer = await route(action, req);
    onAnswer(`${CONSOLE_SERVICE}/${action.name}`, answer.iErrorCode);
    return answer;
  });

  async function route(action: ConsoleActionDef, req: FastifyRequest): Promise<Answer> {
    const passed = gate ? await gate(req, deps) : { refused: ErrorCode.CONSOLE_NOT_OPERATOR };
    if ('refused' in passed) return fail(passed.refused);
    if (!roleMay(passed.operator.role, action.permission)) {
      await passed.checks?.refusedAbove(action);
      return fail(ErrorCode.CONSOLE_FORBIDDEN);
    }
    const accepted = action.accept(req.body ?? {});
    if ('refused' in accepted) return accepted.refused;
    const refused = passed.checks ? await passed.checks.beforeHandler(action, accepted) : null;
    if (refused !== null) return fail(refused);
    return accepted.run({ deps, req, operator: passed.operator });
  }
}
