import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ConsoleActionAnswer, ConsoleActionName, ConsoleActions } from '../../protocol/actions';
import {
  CONSOLE_SERVICE,
  type ConsoleBulkAnswer,
  type ConsoleBulkResult,
  type ConsolePermission,
  type ConsoleRole,
  roleMay,
} from '../../protocol/console';
import { consoleBulkInput } from '../../protocol/consoleMembers.schema';
import { ErrorCode, errorMessage } from '../../protocol/errors';
import type { Answer } from '../../protocol/wire';
import type { AppContext } from '../capability';
import { auditBatch } from '../shared/audit';
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
  /**
   * A lever on one thing that `consoleBulk` may apply to many (issue 38): the input field each item
   * fills (`sUserID` for a member, `sCode` for an invite). Each item goes through this action's
   * permission, input, rank check and handler in turn.
   */
  bulk?: 'sUserID' | 'sCode';
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
  bulk?: 'sUserID' | 'sCode';
  input: z.ZodType;
  /** Parses a request's body: BAD_INPUT's refusal, or the call bound to the parsed input. */
  accept(body: unknown): { refused: Refusal } | AcceptedConsoleCall<Own>;
}

function closeOver<Own extends object, S extends z.ZodType, R extends Answer>(def: {
  name: string;
  permission: ConsolePermission;
  confirm?: boolean;
  bulk?: 'sUserID' | 'sCode';
  input: S;
  target?(input: z.output<S>, deps: AppContext<Own>): string | null | Promise<string | null>;
  handler(input: z.output<S>, ctx: ConsoleActionContext<Own>): Promise<R>;
}): ConsoleActionDef<Own> {
  const { name, permission, confirm, bulk, input } = def;
  return {
    name,
    permission,
    ...(confirm === undefined ? {} : { confirm }),
    ...(bulk === undefined ? {} : { bulk }),
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
   * `consoleBulk` (issue 38, decision 0244): one lever on many members with one reason. The gate
   * runs once; each member then goes through the action's own permission, input, rank check and
   * handler, so each gets the audit row and the refusal a single call would, all stamped with one
   * batch id. A refusal stops nothing: the answer lists every member's code.
   */
  async function bulk(req: FastifyRequest): Promise<ConsoleBulkAnswer | Answer> {
    const parsed = consoleBulkInput.safeParse(req.body ?? {});
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
    const accepted = action.accept(body);
    if ('refused' in accepted) return accepted.refused;
    const refused = passed.checks ? await passed.checks.beforeHandler(action, accepted) : null;
    if (refused !== null) return fail(refused);
    return accepted.run({ deps, req, operator: passed.operator });
  }
}

/** The built-in bulk action's name: `POST /api/console/consoleBulk`. */
export const BULK_ACTION = 'consoleBulk';
