/** Request schemas of the console's game vars actions (server only; issue 29). */
import { z } from 'zod';

export const gameVarsListInput = z.object({});
/**
 * Only the shape of the request: what the value may be is the capability's to say (setGameVar),
 * once, with the CLI's sentence, so the lengths here are looser than its own.
 */
export const gameVarSetInput = z.object({
  sVarID: z.string().max(200),
  sType: z.string().max(50),
  sValue: z.string().max(50_000),
  sReason: z.string().trim().min(1, 'a reason is required').max(300),
});
