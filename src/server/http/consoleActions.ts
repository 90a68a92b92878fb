import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ConsolePermission, ConsoleRole } from '../../protocol/console';
import type { Answer } from '../../protocol/wire';
import type { AppContext } from '../capability';

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
  handler(input: z.infer<S>, ctx: ConsoleActionContext<Own>): Promise<Answer>;
}

/** Declares console actions for one capability: handlers' `deps.db` is typed with its tables. */
export function consoleActionDefiner<Own extends object>() {
  return <S extends z.ZodType>(def: ConsoleActionDef<S, Own>): ConsoleActionDef => def as unknown as ConsoleActionDef;
}
