import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { databaseAway, errorAnswers } from '../../src/server/plugins/errors';

/** Issue 36: a PostgreSQL restart under load answered members 500; it is a 503 with Retry-After (decision 0215). */
describe('a database that went away answers 503, anything else 500', () => {
  const app = Fastify({ logger: false });
  app.register(errorAnswers);
  const failures: Record<string, unknown> = {
    shutdown: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    starting: Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    refused: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    terminated: new Error('Connection terminated unexpectedly'),
    wrapped: new Error('Failed to get session', {
      cause: new Error('Client has encountered a connection error and is not queryable'),
    }),
    bug: new TypeError('x is not a function'),
    constraint: Object.assign(new Error('duplicate key'), { code: '23505' }),
  };
  for (const name of Object.keys(failures)) {
    app.get(`/${name}`, async () => {
      throw failures[name];
    });
  }

  it('tells them apart', () => {
    expect(Object.entries(failures).map(([name, error]) => [name, databaseAway(error)])).toEqual([
      ['shutdown', true],
      ['starting', true],
      ['refused', true],
      ['terminated', true],
      ['wrapped', true],
      ['bug', false],
      ['constraint', false],
    ]);
  });

  it('answers 503 with Retry-After when the database went away, 500 otherwise, in the protocol shape', async () => {
    for (const name of ['shutdown', 'starting', 'refused', 'terminated', 'wrapped']) {
      const response = await app.inject({ method: 'GET', url: `/${name}` });
      expect(response.statusCode, name).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toMatchObject({ iErrorCode: ErrorCode.INTERNAL });
    }
    for (const name of ['bug', 'constraint']) {
      const response = await app.inject({ method: 'GET', url: `/${name}` });
      expect(response.statusCode, name).toBe(500);
      expect(response.json()).toMatchObject({ iErrorCode: ErrorCode.INTERNAL });
    }
  });
});
