import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';

describe.each(DIALECTS)('platform on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('answers isMaintenance from the database', async () => {
    expect(await t.call('isMaintenance')).toEqual({ iErrorCode: 0, bMaintenance: false, sMessage: '' });
  });

  it('answers an unknown action with UNKNOWN_ACTION, not a 500', async () => {
    expect(await t.call('noSuchAction', { a: 1 })).toMatchObject({ iErrorCode: ErrorCode.UNKNOWN_ACTION });
  });
});
