import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ActionDef } from '../http/actions';
import type { Metrics } from '../http/metrics';

export interface RequestMetricsOptions {
  metrics: Metrics;
  /** Every action the router serves: an unknown name is counted as 'unknown action', not by its name. */
  actions: readonly ActionDef[];
}

/**
 * Every answered request, by action (service/action, or the route) and status, with its latency.
 * Synchronous, like every global hook: an async hook costs a promise and a turn of the microtask
 * queue on each request, more than answering isMaintenance. On the root (fastify-plugin): every route.
 */
export const recordRequests = fp(
  async (app: FastifyInstance, { metrics, actions }: RequestMetricsOptions) => {
    const knownActions = new Set(actions.map((a) => `${a.service}/${a.name}`));
    app.addHook('onResponse', (req, reply, done) => {
      const route = req.routeOptions.url;
      let label = route ?? 'unmatched';
      if (route === '/api/:service/:action') {
        const { service, action } = req.params as { service: string; action: string };
        label = knownActions.has(`${service}/${action}`) ? `${service}/${action}` : 'unknown action';
      }
      metrics.request(label, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  },
  { name: 'request-metrics' },
);
