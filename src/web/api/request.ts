/** Encodes form fields: booleans as 1/0, empty values left out. */
export function formBody(fields: object): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    body.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return body;
}

/**
 * An action's request as it goes out (docs/product.md §7): a POST of a form (or JSON), with the
 * bearer when signed in. One place, so that lib/pageLoad's requests are the very ones api/client sends.
 */
export function actionRequest(
  base: string,
  action: string,
  fields: object,
  options: { token?: string | null; json?: boolean } = {},
): { url: string; init: RequestInit & { headers: Record<string, string> } } {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.json) headers['Content-Type'] = 'application/json';
  const body = options.json ? JSON.stringify(fields) : formBody(fields);
  return { url: `${base}/${action}`, init: { method: 'POST', mode: 'cors', headers, body } };
}
