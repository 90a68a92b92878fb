import { STORAGE, session } from './storage';

/**
 * docs/product.md §2: the `debug` query parameter is honoured only in non-production builds. When on (for the
 * tab session), API calls are logged to the console. `?debug=0` turns it off again.
 */
export function initDebug(search: string): boolean {
  if (!__DEBUG_ALLOWED__) return false;
  const value = new URLSearchParams(search).get('debug');
  if (value !== null) session.set(STORAGE.debug, value === '0' ? '0' : '1');
  return isDebug();
}

export function isDebug(): boolean {
  return __DEBUG_ALLOWED__ && session.get(STORAGE.debug) === '1';
}
