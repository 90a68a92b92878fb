import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Started } from '../capability';
import { registerActions } from '../http/actions';
import { registerConsoleActions } from '../http/consoleActions';
import type { Metrics } from '../http/metrics';

export interface ActionsOptions {
  started: Pick<Started<object>, 'ctx' | 'actions' | 'authenticate' | 'consoleActions' | 'consoleGate'>;
  metrics: Pick<Metrics, 'answer'>;
}

/**
 * After the capabilities' own routes and hooks (identity's guards run before any action), with
 * the root's body parsers, error answers and in-flight count.
 */
const ROUTES_BEFORE = ['in-flight', 'bodies', 'error-answers', 'capability-routes'];

/** POST /api/<service>/<action>: every member action (http/actions.ts), in its own context. */
export const memberActions = fp(
  async (app: FastifyInstance, { started, metrics }: ActionsOptions) => {
    registerActions(app, started.ctx, started.actions, started.authenticate, (action, code) =>
      metrics.answer(action, code),
    );
  },
  { name: 'member-actions', encapsulate: true, dependencies: ROUTES_BEFORE },
);

/** POST /api/console/<action>: every console action behind the console's gate (http/consoleActions.ts). */
export const consoleActions = fp(
  async (app: FastifyInstance, { started, metrics }: ActionsOptions) => {
    registerConsoleActions(app, started.ctx, started.consoleActions, started.consoleGate, (action, code) =>
      metrics.answer(action, code),
    );
  },
  { name: 'console-actions', encapsulate: true, dependencies: ROUTES_BEFORE },
);
