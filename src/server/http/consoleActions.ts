import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CONSOLE_SERVICE,
  type ConsoleBulkAnswer,
  type ConsoleBulkResult,
  type ConsolePermission,
  type ConsoleRole,
  roleMay,
} from '../../protocol/console';
import { ErrorCode, errorMessage } from '../../protocol/errors';
import type { Answer } from '../../protocol/wire';
import type { AppContext } from '../capability';
import { auditBatch } from '../shared/audit';
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
  /**
   * A lever on one thing that `consoleBulk` may apply to many (issue 38): the input field each item
   * fills (`sUserID` for a member, `sCode` for an invite). Each item goes through this action's
   * permission, input, rank check and handler in turn.
   */
  bulk?: 'sUserID' | 'sCode';
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
    if (req.params.action === BULK_ACTION) return bulk(req);
    const action = table.get(req.params.action);
    if (!action) return fail(ErrorCode.UNKNOWN_ACTION);
    const answer = await route(action, req);
    onAnswer(`${CONSOLE_SERVICE}/${action.name}`, answer.iErrorCode);
    return answer;
  });

  async function route(action: ConsoleActionDef, req: FastifyRequest): Promise<Answer> {
    const passed = gate ? await gate(req, deps) : { refused: ErrorCode.CONSOLE_NOT_OPERATOR };
    if ('refused' in passed) return fail(passed.refused);
    return run(action, req, req.body ?? {}, passed);
  }

  /**
   * `consoleBulk` (issue 38, decision 0251): one lever on many members with one reason. The gate
   * runs once; each member then goes through the action's own permission, input, rank check and
   * handler, so each gets the audit row and the refusal a single call would, all stamped with one
   * batch id. A refusal stops nothing: the answer lists every member's code.
   */
  async function bulk(req: FastifyRequest): Promise<ConsoleBulkAnswer | Answer> {
    const parsed = bulkInput.safeParse(req.body ?? {});
    if (!parsed.success) return fail(ErrorCode.BAD_INPUT, parsed.error.issues[0]?.message);
    const action = table.get(parsed.data.sAction);
    const field = action?.bulk;
    if (!action || !field) return fail(ErrorCode.BAD_INPUT, `${parsed.data.sAction} is not a lever for many at once.`);
    const passed = gate ? await gate(req, deps) : { refused: ErrorCode.CONSOLE_NOT_OPERATOR };
    if ('refused' in passed) return fail(passed.refused);
    const sBatchID = randomUUID();
    const { pInput } = parsed.data;
    const items = parsed.data.aItems ?? parsed.data.aUserIDs ?? [];
    if (items.length === 0) return fail(ErrorCode.BAD_INPUT, 'Choose at least one.');
    const aResults: ConsoleBulkResult[] = [];
    await auditBatch.run(sBatchID, async () => {
      for (const item of new Set(items)) {
        // A grant's key is one per submit: each member gets their own, so a retried batch grants each once.
        const key = typeof pInput.sKey === 'string' ? { sKey: `${pInput.sKey}:${item}`.slice(0, 100) } : {};
        const answer = (await run(action, req, { ...pInput, ...key, [field]: item }, passed)) as Answer & {
          sMessage?: string;
        };
        onAnswer(`${CONSOLE_SERVICE}/${action.name}`, answer.iErrorCode);
        aResults.push({
          sUserID: item,
          iErrorCode: answer.iErrorCode,
          ...(answer.iErrorCode === ErrorCode.OK
            ? {}
            : { sMessage: answer.sMessage ?? errorMessage(answer.iErrorCode) }),
        });
      }
    });
    return { iErrorCode: ErrorCode.OK, sBatchID, aResults };
  }

  async function run(
    action: ConsoleActionDef,
    req: FastifyRequest,
    body: unknown,
    passed: { operator: Operator; checks?: ConsoleChecks },
  ): Promise<Answer> {
    if (!roleMay(passed.operator.role, action.permission)) {
      await passed.checks?.refusedAbove(action);
      return fail(ErrorCode.CONSOLE_FORBIDDEN);
    }
    const parsed = action.input.safeParse(body);
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

/** The built-in bulk action's name: `POST /api/console/consoleBulk`. */
export const BULK_ACTION = 'consoleBulk';
/** At most this many members in one bulk action (one page of a member search is 100). */
export const BULK_MAX_MEMBERS = 100;

const bulkInput = z.object({
  sAction: z.string().min(1).max(64),
  /** The members (for a lever on members). */
  aUserIDs: z.array(z.string().min(1).max(64)).min(1).max(BULK_MAX_MEMBERS).optional(),
  /** The items of any bulk lever (members' ids, invite codes). */
  aItems: z.array(z.string().min(1).max(64)).min(1).max(BULK_MAX_MEMBERS).optional(),
  /** The action's input without sUserID (the reason, a duration, an amount…). */
  pInput: z.record(z.string(), z.unknown()),
});
