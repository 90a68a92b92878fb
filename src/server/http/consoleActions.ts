import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CONSOLE_SERVICE, type ConsolePermission, type ConsoleRole, roleMay } from '../../protocol/console';
import { ErrorCode, errorMessage } from '../../protocol/errors';
import type { Answer } from '../../protocol/wire';
import type { AppContext } from '../capability';
import { fail } from './actions';

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

export interface ConsoleActionDef<S extends z.ZodType = z.ZodType, Own extends object = object> {
  /** The action's name: `POST /api/console/<name>`. */
  name: string;
  /** The permission an operator's role must hold (protocol/console.ts ROLE_PERMISSIONS). */
  permission: ConsolePermission;
  input: S;
  /**
   * The account the lever acts on (issue 35): the gate's checks refuse an operator of equal or
   * higher rank, and the operator's own account. Null: none (a report resolved without a sanction).
   */
  target?(input: z.infer<S>, deps: AppContext<Own>): string | null | Promise<string | null>;
  /** The change needs a fresh confirmation of the console session (password and code, issue 35). */
  confirm?: boolean;
  handler(input: z.infer<S>, ctx: ConsoleActionContext<Own>): Promise<Answer>;
}

/** Declares console actions for one capability: handlers' `deps.db` is typed with its tables. */
export function consoleActionDefiner<Own extends object>() {
  return <S extends z.ZodType>(def: ConsoleActionDef<S, Own>): ConsoleActionDef => def as unknown as ConsoleActionDef;
}

/**
 * What the gate checks once the action and its input are known (the operators capability's
 * trust rules, issue 35): `beforeHandler` answers a refusal's code (rank, own account, fresh
 * confirmation) or null; `refusedAbove` audits a call above the operator's role.
 */
export interface ConsoleChecks {
  beforeHandler(action: ConsoleActionDef, input: unknown): Promise<number | null>;
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
    const parsed = action.input.safeParse(req.body ?? {});
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first?.path.length ? `${first.path.join('.')}: ` : '';
      return fail(ErrorCode.BAD_INPUT, `${where}${first?.message ?? errorMessage(ErrorCode.BAD_INPUT)}`);
    }
    const refused = passed.checks ? await passed.checks.beforeHandler(action, parsed.data) : null;
    if (refused !== null) return fail(refused);
    return action.handler(parsed.data, { deps, req, operator: passed.operator });
  }
}
