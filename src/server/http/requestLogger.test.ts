import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestLogger } from './requestLogger';

/** A Fastify app whose pino writes JSON lines into `lines`, with the lazy request logger. */
async function appLogging(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  // Fastify's own lines per request ("incoming request", "request completed") are off: they would
  // make every request's child.
  const app = Fastify({
    logger: { level, stream },
    childLoggerFactory: requestLogger,
    logController: new LogController({ disableRequestLogging: true }),
  });
  const child = vi.spyOn(app.log as FastifyBaseLogger, 'child');
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/debug', async (req) => {
    req.log.debug({ detail: 1 }, 'below the level');
    return { ok: true };
  });
  app.get('/verbose', async (req) => {
    req.log.level = 'debug';
    req.log.debug('this request says more');
    return { ok: true };
  });
  app.get('/fails', async (req) => {
    req.log.error({ code: 7 }, 'something failed');
    req.log.warn('and a warning');
    return { ok: false };
  });
  await app.ready();
  return { app, lines, child };
}

describe('the request logger', () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(async () => close?.());

  it('asks pino for no child when the request writes nothing, or only below the level', async () => {
    const { app, lines, child } = await appLogging('info');
    close = () => app.close();
    await app.inject('/quiet');
    await app.inject('/debug');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it("writes a request's lines once, with its request id, through one child", async () => {
    const { app, lines, child } = await appLogging('info');
    close = () => app.close();
    const answer = await app.inject({ url: '/fails', headers: { 'x-request-id': 'ignored' } });
    expect(answer.statusCode).toBe(200);
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((line) => [line.level, line.msg, line.code])).toEqual([
      [50, 'something failed', 7],
      [40, 'and a warning', undefined],
    ]);
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(1);
    expect(lines[0]?.reqId).toEqual(expect.any(String));
  });

  it("follows a level set on the request's own logger", async () => {
    const { app, lines } = await appLogging('info');
    close = () => app.close();
    await app.inject('/verbose');
    await app.inject('/debug');
    expect(lines.map((line) => line.msg)).toEqual(['this request says more']);
  });

  it('writes debug lines when the level allows them', async () => {
    const { app, lines } = await appLogging('debug');
    close = () => app.close();
    await app.inject('/debug');
    expect(lines.map((line) => line.msg)).toEqual(['below the level']);
  });
});
