import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addRouteHook } from './routeHook';

/** Deeper JSON than this is refused before it is parsed: no request needs it, and deep nesting can exhaust the stack later. */
export const MAX_JSON_DEPTH = 20;

/** How deeply `text` nests arrays and objects, counted without recursion (strings are skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (char === 0x7d || char === 0x5d) depth--;
  }
  return deepest;
}

class BadBody extends Error {
  readonly statusCode = 400;
}

/** JSON bodies (Better Auth's routes, setWalletAddress) are parsed only when they nest sanely. */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    if (jsonDepth(text) > MAX_JSON_DEPTH) return done(new BadBody(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`));
    try {
      done(
        null,
        JSON.parse(text, (key, value) => (key === '__proto__' ? undefined : value)),
      );
    } catch {
      done(new BadBody('The body is not valid JSON'));
    }
  });
}

/** A NUL character has no business in any field, and PostgreSQL refuses to store it: refused up front. */
export function hasNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_JSON_DEPTH || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((inner) => hasNulCharacter(inner, depth + 1));
}

/** Refuses, before any handler runs, a body or query with a NUL character anywhere. */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', (req, _reply, done) => {
    if (hasNulCharacter(req.body) || hasNulCharacter(req.query)) done(new BadBody('A field contains a NUL character'));
    else done();
  });
}

/**
 * The content types of an empty action body that need no parser: a form (what the web sends, with
 * or without the charset browsers add) or JSON. Both parse to nothing the router does not already
 * take for `{}`; any other type, valid or not, still goes to Fastify's parsers (and their 415).
 */
const EMPTY_BODY_TYPES = new Set([
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded;charset=UTF-8',
  'application/x-www-form-urlencoded; charset=UTF-8',
  'application/json',
]);

/**
 * Most actions take no field, and the web sends them an empty form. Fastify reads a body for any
 * request with a content type, even of length 0: a stream's listeners, an async resource, an
 * `end` event a tick later, then the parser. Without the type it sees no body and goes straight
 * to the handler, which takes a missing body for `{}`, as the parsers would have given.
 */
function dropEmptyBodyType(req: FastifyRequest, _reply: unknown, done: () => void): void {
  const headers = req.raw.headers;
  const type = headers['content-type'];
  const length = headers['content-length'];
  // Fastify's own test for "no body" when no type is given (HTTP/1.1: neither header, no body).
  const empty = (length === undefined || length === '0') && headers['transfer-encoding'] === undefined;
  if (type !== undefined && empty && EMPTY_BODY_TYPES.has(type)) delete headers['content-type'];
  done();
}

/** Empty action bodies skip the parsers (dropEmptyBodyType); routes registered later at these URLs. */
export function skipEmptyActionBodies(app: FastifyInstance, urls: readonly string[]): void {
  for (const url of urls) addRouteHook(app, url, 'onRequest', dropEmptyBodyType);
}
