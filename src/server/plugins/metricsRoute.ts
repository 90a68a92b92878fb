import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { type Metrics, registerMetricsRoute } from '../http/metrics';

/** GET /metrics for Prometheus (behind METRICS_TOKEN; a 404 without one), outside the per-IP limit. */
export const metricsRoute = fp(
  async (app: FastifyInstance, { config, metrics }: { config: Config; metrics: Metrics }) => {
    registerMetricsRoute(app, config, metrics);
  },
  { name: 'metrics-route', encapsulate: true },
);
