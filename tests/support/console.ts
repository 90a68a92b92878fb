import type { FastifyRequest } from 'fastify';
import { type ConsoleRole, roleMay } from '../../src/protocol/console';
import { ErrorCode } from '../../src/protocol/errors';
import type { Operator } from '../../src/server/http/consoleActions';
import type { TestApp } from './app';

/**
 * Calls a console action as an operator of `role`, the way the dispatcher will (the operators
 * capability, merged separately): the role's permission, the input schema, then the handler.
 */
export async function consoleCall(
  t: TestApp,
  name: string,
  input: Record<string, unknown>,
  role: ConsoleRole = 'admin',
  email = `${role}@studio.example`,
): Promise<Record<string, unknown>> {
  const action = t.consoleActions?.find((a) => a.name === name);
  if (!action) throw new Error(`no console action ${name}`);
  if (!roleMay(role, action.permission)) return { iErrorCode: ErrorCode.CONSOLE_FORBIDDEN };
  const parsed = action.input.safeParse(input);
  if (!parsed.success) return { iErrorCode: ErrorCode.BAD_INPUT, sMessage: parsed.error.issues[0]?.message };
  const operator: Operator = { id: `op-${role}`, email, role, sessionId: 'console-session', actor: `console:${email}` };
  return (await action.handler(parsed.data, {
    deps: t.deps,
    req: {} as FastifyRequest,
    operator,
  })) as unknown as Record<string, unknown>;
}
