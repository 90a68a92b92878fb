import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { type Bus, createBus } from '../../src/server/shared/bus';
import { REDIS_URL, uniquePrefix } from '../support/chat';
import { tcpProxy, until } from '../support/tcpProxy';

/** Collects what a bus hands to a topic's handler. */
function listen(bus: Bus, topic = 'news') {
  const heard: unknown[] = [];
  bus.subscribe(topic, (message) => heard.push(message));
  return heard;
}

describe('the bus', () => {
  const open: Bus[] = [];
  const make = (options: Parameters<typeof createBus>[0]) => {
    const bus = createBus(options);
    open.push(bus);
    return bus;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((bus) => bus.close()));
  });

  it('in memory: delivers to every handler of the topic at once, and a failing handler stops none', () => {
    const bus = make({});
    expect(bus.kind).toBe('memory');
    const heard = listen(bus);
    bus.subscribe('news', () => {
      throw new Error('boom');
    });
    const more = listen(bus);
    const other = listen(bus, 'other');
    bus.publish('news', { n: 1 });
    expect(heard).toEqual([{ n: 1 }]);
    expect(more).toEqual([{ n: 1 }]);
    expect(other).toEqual([]);
    expect(bus.connected()).toBe(true);
  });

  it('through Redis: reaches the other instance, and its own handlers once; another prefix hears nothing', async () => {
    const prefix = uniquePrefix();
    const a = make({ redisUrl: REDIS_URL, prefix });
    const b = make({ redisUrl: REDIS_URL, prefix });
    const stranger = make({ redisUrl: REDIS_URL, prefix: uniquePrefix() });
    const [heardA, heardB, heardStranger] = [listen(a), listen(b), listen(stranger)];
    await until(() => a.connected() && b.connected() && stranger.connected(), 5000, 'buses connected');
    a.publish('news', { from: 'a' });
    b.publish('news', { from: 'b' });
    await until(() => heardA.length === 2 && heardB.length === 2, 5000, 'both heard both');
    expect(heardA).toEqual([{ from: 'a' }, { from: 'b' }]);
    expect(heardB).toEqual([{ from: 'b' }, { from: 'a' }]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heardA).toHaveLength(2);
    expect(heardStranger).toEqual([]);
  });

  it('keeps delivering on its own instance while Redis is unreachable, and recovers by itself', async () => {
    const proxy = await tcpProxy({ host: '127.0.0.1', port: Number(new URL(REDIS_URL).port || 6379) });
    const prefix = uniquePrefix();
    const cut = make({ redisUrl: proxy.url, prefix });
    const steady = make({ redisUrl: REDIS_URL, prefix });
    let reconnects = 0;
    cut.onReconnect(() => reconnects++);
    const [heardCut, heardSteady] = [listen(cut), listen(steady)];
    await until(() => cut.connected() && steady.connected(), 5000, 'buses connected');
    // The first contact is not a recovery: nothing was missed.
    expect(reconnects).toBe(0);

    proxy.cut();
    await until(() => !cut.connected(), 5000, 'outage noticed');
    cut.publish('news', 'while away');
    steady.publish('news', 'meanwhile');
    expect(heardCut).toEqual(['while away']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heardSteady).toEqual(['meanwhile']);

    proxy.restore();
    await until(() => cut.connected(), 10_000, 'reconnected');
    expect(reconnects).toBe(1);
    cut.publish('news', 'back');
    await until(() => heardSteady.includes('back'), 5000, 'delivery after recovery');
    steady.publish('news', 'welcome back');
    await until(() => heardCut.includes('welcome back'), 5000, 'subscription restored');
    await proxy.close();
  });

  it('recovers when Redis drops its subscriber connection (CLIENT KILL)', async () => {
    const prefix = uniquePrefix();
    const bus = make({ redisUrl: REDIS_URL, prefix });
    const other = make({ redisUrl: REDIS_URL, prefix });
    let reconnects = 0;
    bus.onReconnect(() => reconnects++);
    const heard = listen(bus);
    await until(() => bus.connected() && other.connected(), 5000, 'buses connected');
    const admin = new Redis(REDIS_URL);
    try {
      const clients = String(await admin.client('LIST'));
      const id = /id=(\d+) [^\n]*name=([^ ]+)/g;
      const mine = [...clients.matchAll(id)].find((m) => m[2] === `${prefix}:sub:${bus.instanceId}`);
      expect(mine).toBeTruthy();
      await admin.client('KILL', 'ID', mine?.[1] as string);
    } finally {
      admin.disconnect();
    }
    await until(() => reconnects === 1, 10_000, 'resubscribed');
    other.publish('news', 'after the kill');
    await until(() => heard.includes('after the kill'), 5000, 'delivery after the kill');
  });
});
