import { describe, expect, it } from 'vitest';
import { decideMaintenance } from './decide';

const ok = { iErrorCode: 0, bMaintenance: false, sMessage: '' };
const now = 1_000_000_000;

describe('decideMaintenance (docs/product.md §4)', () => {
  it('sends a failed call to /maintenance', () => {
    expect(decideMaintenance(null, '/home', now, null)).toEqual({ redirect: '/maintenance', alert: null });
  });
  it('sends a nonzero iErrorCode to /maintenance', () => {
    expect(decideMaintenance({ iErrorCode: 503 }, '/login', now, null).redirect).toBe('/maintenance');
  });
  it('sends maintenance on (true or 1) to /maintenance, and stays there', () => {
    expect(decideMaintenance({ ...ok, bMaintenance: 1 }, '/home', now, null).redirect).toBe('/maintenance');
    expect(decideMaintenance({ ...ok, bMaintenance: true }, '/maintenance', now, null).redirect).toBeNull();
  });
  it('sends /maintenance back to /home when maintenance is off', () => {
    expect(decideMaintenance(ok, '/maintenance', now, null)).toEqual({ redirect: '/home', alert: null });
  });
  it('does nothing without a message', () => {
    expect(decideMaintenance(ok, '/home', now, null)).toEqual({ redirect: null, alert: null });
  });
  it('alerts a message when none was shown before or over 300000 ms ago', () => {
    const answer = { ...ok, sMessage: 'Down at 18:00 UTC' };
    expect(decideMaintenance(answer, '/home', now, null).alert).toBe('Down at 18:00 UTC');
    expect(decideMaintenance(answer, '/home', now, now - 300_001).alert).toBe('Down at 18:00 UTC');
  });
  it('does not alert again within 300000 ms', () => {
    const answer = { ...ok, sMessage: 'Down at 18:00 UTC' };
    expect(decideMaintenance(answer, '/home', now, now - 300_000).alert).toBeNull();
    expect(decideMaintenance(answer, '/home', now, now - 1000).alert).toBeNull();
  });
});
