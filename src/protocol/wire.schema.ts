/** zod helpers for form-encoded action inputs (server only). Form bodies carry strings: these coerce them with clear rules. */
import { z } from 'zod';

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

export const limitedText = (max: number) => z.string().trim().max(max);
