import type { Config } from '../config';
import { type Bus, createBus } from './bus';
import { clearAllTtlCaches } from './ttlCache';

/**
 * Settings, flags, maintenance and game variables are read through short TTL caches on every
 * instance (SETTINGS_CACHE_MS, 1 s). A change also goes out on the bus: every instance drops its
 * cached reads at once. The operator tool, a process of its own, announces through Redis.
 */
export const SETTINGS_TOPIC = 'settings.changed';

export function listenForSettingsChanges(bus: Bus): () => void {
  return bus.subscribe(SETTINGS_TOPIC, () => clearAllTtlCaches());
}

/** From a process that is not an instance (the operator tool): best effort, within a second. */
export async function announceSettingsChanged(config: Pick<Config, 'redisUrl' | 'redisPrefix'>): Promise<void> {
  if (!config.redisUrl) return;
  const bus = createBus({ redisUrl: config.redisUrl, prefix: config.redisPrefix });
  try {
    for (let waited = 0; !bus.connected() && waited < 1000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    bus.publish(SETTINGS_TOPIC, { at: Date.now() });
    await new Promise((r) => setTimeout(r, 20));
  } finally {
    await bus.close();
  }
}
