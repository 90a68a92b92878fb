/**
 * "Download my data" shaped for a person (issue 42, decision 0218): the rows the backup's member
 * export finds (db/backup.ts, the member variant) regrouped into sections a member reads (account,
 * collectibles, points and tickets, raffles, purchases, chat messages, sign-ins, then the rest),
 * every time an ISO 8601 instant in UTC, yes/no as true/false, things named by their names.
 * Each section picks its fields by name, so nothing else leaks: no internal numbers (an item is
 * its public id), no operator's identity (who muted, who deleted a message), no other member.
 * Tables no section knows still come out, cleaned the same way, under "otherRecords".
 */

import type { ExportNames } from './exportNames';
import {
  account,
  chatMessages,
  chatStanding,
  collectibles,
  games,
  notifications,
  pointsAndTickets,
  purchases,
  raffles,
  signIns,
} from './exportSections';
import { camel, isoTime, plainRow, type RawExport, type Row } from './exportValues';

export type { RawExport } from './exportValues';

/** What each section holds: the README inside the file. */
export const EXPORT_SECTIONS: Readonly<Record<string, string>> = {
  account: 'Your account: email, username, when you joined, your codes, two-factor, passkeys, profile and wallet.',
  collectibles: 'The collectibles you own, by their public id, with their traits.',
  pointsAndTickets: 'Your balance now and every change to it (what, how much, why), and your daily login streak.',
  raffles: 'The raffles you entered, with the tickets you put in, and the prizes you won.',
  purchases: 'What you bought in the reward store, and for how many points.',
  chatMessages: 'The chat messages you wrote, in which channel, and whether you edited or deleted them.',
  chatStanding: 'Mutes on your account (the reason and how long), channel roles, and how far you have read.',
  signIns: 'Your recent sign-ins (failures too) and the devices signed in now, with the address we saw.',
  games: 'Your game runs, best weekly scores and solved curses.',
  notifications: 'What your notification centre and popups told you, and when you read it.',
  otherRecords: 'Anything else the portal keeps about you, in the same plain form.',
};

const README = [
  'This file holds everything Cthulhu Portal keeps about you, grouped by what it is about.',
  'Times are ISO 8601 instants in UTC (for example 2026-11-28T09:30:00.000Z).',
  'Left out: passwords, session tokens, authenticator secrets and backup codes (they are secrets even from you),',
  "the operators' own notes (ask support for them), and anything about another member.",
  'Questions: write to the address in the privacy policy linked from the portal footer.',
];

/** Tables a section below reads; any other goes to otherRecords. */
const SHAPED = new Set([
  'user',
  'member',
  'profile',
  'member_avatar',
  'passkey',
  'twoFactor',
  'wallet_link',
  'account_deletion',
  'item',
  'balance',
  'ledger',
  'daily_login',
  'store_holding',
  'raffle_entry',
  'raffle_winner',
  'store_purchase',
  'chat_message',
  'chat_mute',
  'chat_operator',
  'chat_read',
  'sign_in_event',
  'session',
  'game_run',
  'game_score',
  'curse_solve',
  'guest_player',
  'notification',
  'notice',
  'announcement_delivery',
]);

/** The export as the member downloads it. `raw`: exportMember's member variant. */
export function shapeMemberExport(raw: RawExport, names: ExportNames, now: number) {
  const other: Record<string, Row[]> = {};
  for (const [table, value] of Object.entries(raw)) {
    if (!Array.isArray(value) || SHAPED.has(table) || table === 'referrals') continue;
    other[camel(table)] = (value as Row[]).map(plainRow);
  }
  return {
    about: {
      title: 'Your Cthulhu Portal data',
      exportedAt: isoTime(now),
      readme: README,
      sections: EXPORT_SECTIONS,
    },
    account: account(raw, raw.referrals),
    collectibles: collectibles(raw, names),
    pointsAndTickets: pointsAndTickets(raw, names),
    raffles: raffles(raw, names),
    purchases: purchases(raw, names),
    chatMessages: chatMessages(raw, names),
    chatStanding: chatStanding(raw, names),
    signIns: signIns(raw),
    games: games(raw),
    notifications: notifications(raw),
    otherRecords: other,
  };
}

export type MemberExport = ReturnType<typeof shapeMemberExport>;
