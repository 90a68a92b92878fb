import type { ExportNames } from './exportNames';

/**
 * "Download my data" shaped for a person (issue 42, decision 0222): the rows the backup's member
 * export finds (db/backup.ts, the member variant) regrouped into sections a member reads (account,
 * collectibles, points and tickets, raffles, purchases, chat messages, sign-ins, then the rest),
 * every time an ISO 8601 instant in UTC, yes/no as true/false, things named by their names.
 * Each section picks its fields by name, so nothing else leaks: no internal numbers (an item is
 * its public id), no operator's identity (who muted, who deleted a message), no other member.
 * Tables no section knows still come out, cleaned the same way, under "otherRecords".
 */

type Row = Record<string, unknown>;
export type RawExport = Record<string, unknown>;

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

/** An instant from epoch ms, an ISO string or a Date; null stays null. */
export function isoTime(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Number(value);
  const date = Number.isFinite(ms) ? new Date(ms) : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const yes = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const rows = (raw: RawExport, table: string): Row[] => (Array.isArray(raw[table]) ? (raw[table] as Row[]) : []);
const first = (raw: RawExport, table: string): Row => rows(raw, table)[0] ?? {};
const byTime = (key: string) => (a: Row, b: Row) => String(a[key] ?? '').localeCompare(String(b[key] ?? ''));

function parsed(text: unknown): unknown {
  if (typeof text !== 'string') return text ?? null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

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

function account(raw: RawExport, referrals: unknown) {
  const user = first(raw, 'user');
  const member = first(raw, 'member');
  const profile = first(raw, 'profile');
  const deletion = first(raw, 'account_deletion');
  const items = new Map(rows(raw, 'item').map((item) => [String(item.id), String(item.public_id ?? '')]));
  const avatar = first(raw, 'member_avatar');
  return {
    email: user.email ?? null,
    emailVerified: yes(user.emailVerified),
    username: member.username ?? null,
    displayName: user.name ?? null,
    joinedAt: isoTime(member.created_at ?? user.createdAt),
    newsByEmail: yes(member.subscribe),
    yourReferralCode: member.referral_code ?? null,
    joinedWithInviteCode: member.invite_code ?? null,
    joinedWithReferralCode: member.referred_by_code ?? null,
    friendsYouInvited: Array.isArray(referrals) ? referrals : [],
    twoFactorOn: yes(user.twoFactorEnabled),
    passkeys: rows(raw, 'passkey').map((p) => ({
      name: p.name ?? null,
      kind: p.deviceType ?? null,
      addedAt: isoTime(p.createdAt),
    })),
    banned: yes(user.banned) ? { reason: user.banReason ?? null, until: isoTime(user.banExpires) } : null,
    publicProfile: rows(raw, 'profile').length
      ? { shown: yes(profile.public), showcase: parsed(profile.showcase), changedAt: isoTime(profile.updated_at) }
      : null,
    avatar: rows(raw, 'member_avatar').length
      ? { collectible: items.get(String(avatar.item_id)) ?? null, chosenAt: isoTime(avatar.set_at) }
      : null,
    wallets: rows(raw, 'wallet_link').map((w) => ({
      address: w.address ?? null,
      chain: w.chain ?? null,
      chainId: num(w.chain_id),
      proven: yes(w.proven),
      linkedAt: isoTime(w.linked_at),
    })),
    deletion: rows(raw, 'account_deletion').length
      ? {
          state: deletion.state ?? null,
          requestedAt: isoTime(deletion.requested_at),
          erasesAt: isoTime(deletion.erase_at),
        }
      : null,
  };
}

function collectibles(raw: RawExport, names: ExportNames) {
  return rows(raw, 'item')
    .map((item) => ({
      id: item.public_id ?? null,
      name: names.template.get(String(item.template_id)) ?? item.template_id ?? null,
      template: item.template_id ?? null,
      collection: item.collection_id ?? null,
      traits: parsed(item.attributes),
      blockchainId: item.token_id ?? null,
      receivedAt: isoTime(item.created_at),
      mintedAt: isoTime(item.minted_at),
    }))
    .sort(byTime('receivedAt'));
}

function pointsAndTickets(raw: RawExport, names: ExportNames) {
  const balance = first(raw, 'balance');
  const daily = first(raw, 'daily_login');
  return {
    balance: { points: num(balance.points) ?? 0, tickets: num(balance.tickets) ?? 0 },
    history: rows(raw, 'ledger')
      .map((entry) => ({
        at: isoTime(entry.created_at),
        what: entry.asset === 'item' ? 'collectible' : (entry.asset ?? null),
        amount: num(entry.amount),
        why: entry.reason ?? null,
      }))
      .sort(byTime('at')),
    dailyLogin: rows(raw, 'daily_login').length
      ? {
          lastDay: daily.last_day ?? null,
          dayOfCycle: num(daily.day_in_cycle),
          cyclesCompleted: num(daily.cycles_completed),
        }
      : null,
    storeHoldings: rows(raw, 'store_holding').map((h) => ({
      item: names.storeItem.get(String(h.item_id)) ?? h.item_id ?? null,
      bought: num(h.bought),
      changedAt: isoTime(h.updated_at),
    })),
  };
}

function raffles(raw: RawExport, names: ExportNames) {
  const title = (id: unknown) => names.raffle.get(String(id)) ?? `Raffle ${id}`;
  return {
    entries: rows(raw, 'raffle_entry')
      .map((e) => ({
        raffle: title(e.raffle_id),
        raffleId: num(e.raffle_id),
        tickets: num(e.tickets),
        enteredAt: isoTime(e.created_at),
        changedAt: isoTime(e.updated_at),
        refundedAt: isoTime(e.refunded_at),
      }))
      .sort(byTime('enteredAt')),
    wins: rows(raw, 'raffle_winner').map((w) => ({
      raffle: title(w.raffle_id),
      raffleId: num(w.raffle_id),
      prize: names.prize.get(`${w.raffle_id}:${w.prize_id}`) ?? w.prize_id ?? null,
      winnerNumber: num(w.pick),
      deliveredAt: isoTime(w.delivered_at),
    })),
  };
}

function purchases(raw: RawExport, names: ExportNames) {
  return rows(raw, 'store_purchase')
    .map((p) => ({
      at: isoTime(p.created_at),
      item: names.storeItem.get(String(p.item_id)) ?? p.item_id ?? null,
      quantity: num(p.quantity),
      points: num(p.points),
      completed: !num(p.error_code),
    }))
    .sort(byTime('at'));
}

function chatMessages(raw: RawExport, names: ExportNames) {
  return rows(raw, 'chat_message')
    .map((m) => ({
      at: isoTime(m.created_at),
      channel: names.channel.get(String(m.channel_id)) ?? m.channel_id ?? null,
      text: m.body ?? null,
      editedAt: isoTime(m.edited_at),
      deletedAt: isoTime(m.deleted_at),
      // Who deleted it, without naming an operator.
      deletedBy: m.deleted_at === null || m.deleted_at === undefined ? null : deletedBy(m.deleted_by, raw),
    }))
    .sort(byTime('at'));
}

function deletedBy(actor: unknown, raw: RawExport): string {
  const me = String(first(raw, 'user').id ?? '');
  return actor === me || actor === 'self' ? 'you' : 'a moderator';
}

function chatStanding(raw: RawExport, names: ExportNames) {
  return {
    mutes: rows(raw, 'chat_mute').map((m) => ({
      reason: m.reason ?? null,
      from: isoTime(m.created_at),
      until: isoTime(m.until),
    })),
    channelOperatorSince: isoTime(first(raw, 'chat_operator').granted_at),
    readUpTo: rows(raw, 'chat_read').map((r) => ({
      channel: names.channel.get(String(r.channel_id)) ?? r.channel_id ?? null,
      at: isoTime(r.updated_at),
    })),
  };
}

function signIns(raw: RawExport) {
  return {
    history: rows(raw, 'sign_in_event')
      .map((s) => ({
        at: isoTime(s.at),
        result: yes(s.ok) ? 'signed in' : 'failed',
        device: s.device ?? null,
        address: s.ip ?? null,
        browser: s.user_agent ?? null,
        firstFromThisDevice: yes(s.new_device),
      }))
      .sort(byTime('at')),
    signedInNow: rows(raw, 'session').map((s) => ({
      address: s.ipAddress ?? null,
      browser: s.userAgent ?? null,
      signedInAt: isoTime(s.createdAt),
      lastActiveAt: isoTime(s.updatedAt),
      expiresAt: isoTime(s.expiresAt),
    })),
    twoFactor: rows(raw, 'twoFactor').map((f) => ({
      confirmed: f.verified === undefined ? null : yes(f.verified),
      lockedUntil: isoTime(f.lockedUntil),
    })),
  };
}

function games(raw: RawExport) {
  return {
    runs: rows(raw, 'game_run').map((r) => ({
      game: r.game_id ?? null,
      status: r.status ?? null,
      score: num(r.score),
      level: num(r.level),
      personalBest: yes(r.new_best),
      startedAt: isoTime(r.started_at),
      finishedAt: isoTime(r.finished_at),
    })),
    bestScores: rows(raw, 'game_score').map((s) => ({
      game: s.game_id ?? null,
      week: s.week ?? null,
      score: num(s.score),
      at: isoTime(s.achieved_at),
    })),
    cursesSolved: rows(raw, 'curse_solve').map((c) => ({ week: c.week ?? null, at: isoTime(c.solved_at) })),
    guestPlay: rows(raw, 'guest_player').map((g) => ({
      beatTheDemo: yes(g.beat_demo),
      startedAt: isoTime(g.created_at),
    })),
  };
}

function notifications(raw: RawExport) {
  return {
    centre: rows(raw, 'notification')
      .map((n) => ({
        at: isoTime(n.created_at),
        kind: n.kind ?? null,
        title: n.title ?? null,
        text: n.body ?? null,
        readAt: isoTime(n.read_at),
      }))
      .sort(byTime('at')),
    popups: rows(raw, 'notice')
      .map((n) => ({ kind: n.kind ?? null, at: isoTime(n.created_at), closedAt: isoTime(n.acknowledged_at) }))
      .sort(byTime('at')),
    announcements: rows(raw, 'announcement_delivery').map((a) => ({
      deliveredAt: isoTime(a.delivered_at),
      seenAt: isoTime(a.seen_at),
      emailedAt: isoTime(a.emailed_at),
    })),
  };
}

/** Columns of an unknown table never copied: ids and keys of the portal's own, and who acted. */
const NOT_FOR_MEMBER = /(^id$|_id$|Id$|^userId$|_by$|By$|actor|key|nonce)/;
const TIME = /(_at$|At$|^at$|until|expires)/i;
const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A row of a table no section knows: ids and actors dropped, times as ISO, names in camelCase. */
export function plainRow(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([column]) => !NOT_FOR_MEMBER.test(column))
      .map(([column, value]) => [camel(column), TIME.test(column) ? isoTime(value) : value]),
  );
}

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
