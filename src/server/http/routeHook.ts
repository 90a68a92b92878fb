import type { FastifyInstance, RouteOptions } from 'fastify';

type HookKind = 'onRequest' | 'preHandler' | 'onSend' | 'onResponse';

/**
 * Adds a hook to the one route registered later at `url`, instead of to every request: each global
 * hook is a call on the hot path of every action and page, even when it leaves at once.
 */
export function addRouteHook<K extends HookKind>(
  app: FastifyInstance,
  url: string,
  kind: K,
  hook: NonNullable<RouteOptions[K]> extends infer H ? (H extends Array<infer One> ? One : H) : never,
): void {
  app.addHook('onRoute', (route) => {
    if (route.url !== url) return;
    const hooks = route[kind] as unknown;
    const list = hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
    (route as Record<HookKind, unknown>)[kind] = [...list, hook];
  });
}
