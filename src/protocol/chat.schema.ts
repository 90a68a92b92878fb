/** zod schemas of what a chat client sends: socket frames and the chat actions (server only). */
import { z } from 'zod';
import {
  CHANNEL_ID_PATTERN,
  HISTORY_MAX,
  HISTORY_PAGE,
  MUTE_REASON_MAX,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
} from './chat';
import { formInt } from './wire.schema';

/**
 * A message's text has no length rule here: its one check is the server's, against the operator-set
 * iChatMaxLength, so every over-long message answers CHAT_TOO_LONG with the real limit in words.
 * What one frame may hold is bounded before parsing (MAX_FRAME_BYTES).
 */
const sText = z.string();

const sChannelID = z.string().regex(CHANNEL_ID_PATTERN, 'Unknown channel.');
const iMessageID = z.number().int().positive();
/** A client-made id of one request: the answer carries it back, and a resent message is stored once. */
const sNonce = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'A request id is 8–64 letters, digits, _ or -.');
const sItemID = z.string().regex(/^[a-z2-9]{16}$/, 'Unknown collectible.');
const lastSeen = z.record(sChannelID, z.number().int().min(0)).refine((v) => Object.keys(v).length <= 50, {
  message: 'Too many channels.',
});

export const clientFrameSchema = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('hello'),
    sToken: z.string().min(1).max(1000).optional(),
    pLastSeen: lastSeen.optional(),
    iSince: z.number().int().min(0).optional(),
  }),
  z.object({ t: z.literal('resume'), pLastSeen: lastSeen, iSince: z.number().int().min(0).optional() }),
  z.object({
    t: z.literal('send'),
    sNonce,
    sChannelID,
    sText,
    sItemID: sItemID.optional(),
  }),
  z.object({ t: z.literal('edit'), sNonce, iMessageID, sText }),
  z.object({ t: z.literal('delete'), sNonce, iMessageID }),
  z.object({
    t: z.literal('report'),
    sNonce,
    iMessageID,
    sReason: z.enum(REPORT_REASONS),
    sNote: z.string().trim().max(REPORT_NOTE_MAX).optional(),
  }),
  z.object({
    t: z.literal('muteAuthor'),
    sNonce,
    iMessageID,
    iDurationMs: z
      .number()
      .int()
      .min(60_000)
      .max(365 * 24 * 60 * 60_000)
      .nullable(),
    sReason: z.string().trim().max(MUTE_REASON_MAX),
  }),
  z.object({ t: z.literal('read'), sChannelID, iMessageID: z.number().int().min(0) }),
  z.object({ t: z.literal('focus'), sChannelID: sChannelID.nullable() }),
  z.object({ t: z.literal('ping') }),
]);

export const getChatHistoryInput = z
  .object({
    sChannelID,
    iBeforeID: formInt.pipe(z.number().int().positive()).optional(),
    iAfterID: formInt.pipe(z.number().int().min(0)).optional(),
    iLimit: formInt.pipe(z.number().int().min(1).max(HISTORY_MAX)).default(HISTORY_PAGE),
  })
  .refine((v) => v.iBeforeID === undefined || v.iAfterID === undefined, {
    message: 'Page before or after an id, not both.',
  });

export const findChatMembersInput = z.object({
  sPrefix: z.string().regex(/^[A-Za-z0-9_]{1,20}$/, 'A username starts with letters, digits or _.'),
});

export const getChatItemInput = z.object({ sItemID });

// ── The console's channels screen (issue 29): the shape here, the values checked once by chat/channels.ts ──

const consoleReason = z
  .string({ error: 'a reason is required (the audit log keeps it)' })
  .trim()
  .min(1, 'a reason is required (the audit log keeps it)')
  .max(300);
/** The channel id as typed: chat says what an id may be. */
const consoleChannelId = z.string().max(100);
const seconds = z.number().int();

export const chatChannelsInput = z.object({});
export const chatChannelAddInput = z.object({
  sChannelID: consoleChannelId,
  sName: z.string().max(1000),
  sTopic: z.string().max(2000).default(''),
  iSlowModeSeconds: seconds.default(0),
  sReason: consoleReason,
});
export const chatChannelUpdateInput = z.object({
  sChannelID: consoleChannelId,
  sName: z.string().max(1000).optional(),
  sTopic: z.string().max(2000).optional(),
  sReason: consoleReason,
});
export const chatChannelChangeInput = z.object({ sChannelID: consoleChannelId, sReason: consoleReason });
export const chatChannelSlowInput = z.object({
  sChannelID: consoleChannelId,
  iSlowModeSeconds: seconds,
  sReason: consoleReason,
});
export const chatOperatorChangeInput = z.object({ sMember: z.string().max(254), sReason: consoleReason });
export const chatVarSetInput = z.object({
  sVarID: z.string().max(64),
  sValue: z.string().max(100),
  sReason: consoleReason,
});
