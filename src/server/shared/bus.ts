import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * Publish/subscribe between server instances. In one process it is a plain in-memory fan-out;
 * with a Redis URL, what one instance publishes also reaches every other one through Redis pub/sub.
 *
 * Delivery is at most once and never blocks: a publisher's own handlers run at once (so an
 * instance keeps serving its own members when Redis is away), and a message that could not go
 * out while Redis was unreachable is dropped. Whoever keeps live state listens to `onReconnect`
 * and catches up from the database, which is the record.
 */
export interface Bus {
  readonly kind: 'memory' | 'redis';
  /** Tells this instance's messages apart when Redis hands them back. */
  readonly instanceId: string;
  publish(topic: string, message: unknown): void;
  subscribe(topic: string, handler: BusHandler): () => void;
  /** Whether messages reach the other instances right now (always true in memory). */
  connected(): boolean;
  /** Called each time messages reach the other instances again after an interruption (not at the first contact). */
  onReconnect(listener: () => void): () => void;
  close(): Promise<void>;
}

export type BusHandler = (message: unknown) => void;

export interface BusOptions {
  redisUrl?: string;
  /** Prefixes every Redis channel name, so deployments (or test runs) sharing a Redis never hear each other. */
  prefix?: string;
  log?: { warn(object: unknown, message: string): void; info(object: unknown, message: string): void };
}

export function createBus(options: BusOptions = {}): Bus {
  return options.redisUrl ? redisBus(options.redisUrl, options) : memoryBus();
}

/** Handlers by topic; a throwing handler never stops the others. */
class Handlers {
  private readonly byTopic = new Map<string, Set<BusHandler>>();

  add(topic: string, handler: BusHandler): { first: boolean; remove: () => boolean } {
    let set = this.byTopic.get(topic);
    const first = !set;
    if (!set) {
      set = new Set();
      this.byTopic.set(topic, set);
    }
    set.add(handler);
    return {
      first,
      remove: () => {
        set.delete(handler);
        if (set.size > 0) return false;
        this.byTopic.delete(topic);
        return true;
      },
    };
  }

  deliver(topic: string, message: unknown, onError: (error: unknown) => void): void {
    for (const handler of this.byTopic.get(topic) ?? []) {
      try {
        handler(message);
      } catch (error) {
        onError(error);
      }
    }
  }

  topics(): string[] {
    return [...this.byTopic.keys()];
  }
}

function memoryBus(): Bus {
  const handlers = new Handlers();
  return {
    kind: 'memory',
    instanceId: randomUUID(),
    publish: (topic, message) => handlers.deliver(topic, message, () => {}),
    subscribe: (topic, handler) => handlers.add(topic, handler).remove,
    connected: () => true,
    onReconnect: () => () => {},
    close: async () => {},
  };
}

interface Envelope {
  /** The publishing instance. */
  o: string;
  m: unknown;
}

function redisBus(url: string, options: BusOptions): Bus {
  const instanceId = randomUUID();
  const prefix = `${options.prefix ?? 'portal'}:`;
  const handlers = new Handlers();
  const reconnectListeners = new Set<() => void>();
  const onHandlerError = (error: unknown) => options.log?.warn({ err: error }, 'bus handler failed');

  const connection = (role: 'pub' | 'sub', extra: RedisOptions) =>
    new Redis(url, {
      connectionName: `${prefix}${role}:${instanceId}`,
      // Reconnect for ever, quickly at first: an outage ends by itself.
      retryStrategy: (attempt) => Math.min(50 * 2 ** attempt, 2000),
      ...extra,
    });
  // A publish while Redis is away fails at once instead of piling up in memory.
  const pub = connection('pub', { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  // Subscriptions are made again by us on every (re)connection, so we know when they hold.
  const sub = connection('sub', { autoResubscribe: false, maxRetriesPerRequest: null });

  let pubReady = false;
  let subReady = false;
  let healthy = false;
  let closing = false;
  /** Something may have been missed: the link broke, or Redis could not be reached at start. */
  let interrupted = false;
  const update = () => {
    const now = pubReady && subReady;
    if (now === healthy || closing) return;
    healthy = now;
    if (!now) {
      interrupted = true;
      options.log?.warn({ bus: 'redis' }, 'lost Redis: delivering to this instance only until it is back');
      return;
    }
    options.log?.info({ bus: 'redis' }, 'Redis reached: delivering to every instance');
    if (!interrupted) return;
    interrupted = false;
    for (const listener of reconnectListeners) listener();
  };

  const ignore = () => {};
  const trouble = () => {
    if (!healthy) interrupted = true;
  };
  for (const client of [pub, sub]) client.on('error', trouble);
  pub.on('ready', () => {
    pubReady = true;
    update();
  });
  pub.on('close', () => {
    pubReady = false;
    update();
  });
  sub.on('ready', () => {
    const topics = handlers.topics().map((t) => prefix + t);
    const subscribed = topics.length > 0 ? sub.subscribe(...topics) : Promise.resolve();
    subscribed.then(
      () => {
        subReady = sub.status === 'ready';
        update();
      },
      () => sub.disconnect(true),
    );
  });
  sub.on('close', () => {
    subReady = false;
    update();
  });
  sub.on('message', (channel: string, raw: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (envelope.o === instanceId) return;
    handlers.deliver(channel.slice(prefix.length), envelope.m, onHandlerError);
  });

  return {
    kind: 'redis',
    instanceId,
    publish(topic, message) {
      handlers.deliver(topic, message, onHandlerError);
      if (!pubReady) return;
      pub.publish(prefix + topic, JSON.stringify({ o: instanceId, m: message } satisfies Envelope)).catch(ignore);
    },
    subscribe(topic, handler) {
      const added = handlers.add(topic, handler);
      if (added.first && sub.status === 'ready') sub.subscribe(prefix + topic).catch(ignore);
      return () => {
        if (added.remove() && sub.status === 'ready') sub.unsubscribe(prefix + topic).catch(ignore);
      };
    },
    connected: () => healthy,
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    async close() {
      closing = true;
      reconnectListeners.clear();
      await Promise.all([pub.quit().catch(ignore), sub.quit().catch(ignore)]);
      pub.disconnect();
      sub.disconnect();
    },
  };
}
