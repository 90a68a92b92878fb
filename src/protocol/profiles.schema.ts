/** Request schemas of the profile actions (server only). */
import { z } from 'zod';
import { USERNAME_PATTERN } from './identity';
import { PROFILE_SHOWCASE_MAX } from './profiles';
import { formBool } from './wire.schema';

const ITEM_ID = /^[a-z2-9]{16}$/;

export const setAvatarInput = z.object({
  sItemID: z
    .string()
    .trim()
    .refine((v) => v === '' || ITEM_ID.test(v), 'sItemID is a 16-character item id, or empty for the default.'),
});

export const getMyProfileInput = z.object({});

export const setProfileInput = z.object({
  bPublic: formBool,
  /** Comma-separated item ids, in the order the page shows them. */
  sShowcaseItemIDs: z
    .string()
    .trim()
    .transform((v) => (v === '' ? [] : [...new Set(v.split(',').map((id) => id.trim()))]))
    .pipe(
      z
        .array(z.string().regex(ITEM_ID, 'Each showcase id is a 16-character item id.'))
        .max(PROFILE_SHOWCASE_MAX, `A profile shows at most ${PROFILE_SHOWCASE_MAX} collectibles.`),
    ),
});

export const getPublicProfileInput = z.object({
  sUserName: z.string().trim().regex(USERNAME_PATTERN, 'Unknown member.'),
});
