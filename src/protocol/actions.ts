/**
 * The wire contract of SPEC §7 / DESIGN.md §2: every action is POST /api/<service>/<action>,
 * form-encoded (setWalletAddress: JSON), answering JSON with iErrorCode.
 * Input schemas are validated at the server boundary; the web imports only the types.
 */
import { z } from 'zod';
import { USERNAME_PATTERN, USERNAME_RULE } from './identityRules';

export const SERVICES = ['portal', 'monsterbreaker', 'whitelist'] as const;
export type Service = (typeof SERVICES)[number];

/** Form bodies carry strings: these coerce them with clear rules. */
export const formBool = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', ''])])
  .transform((v) => v === true || v === '1' || v === 'true');
export const formInt = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d{1,15}$/)
    .transform(Number),
]);
const text = (max: number) => z.string().trim().max(max);

export { USERNAME_PATTERN } from './identityRules';
export const sUserName = z.string().trim().regex(USERNAME_PATTERN, USERNAME_RULE);
export const sEmail = z.string().trim().toLowerCase().email().max(254);
export const sCode = text(64);

export interface Answer {
  iErrorCode: number;
  sMessage?: string;
}

export { text as limitedText };
