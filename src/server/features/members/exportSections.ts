import type { ExportNames } from './exportNames';
import { byTime, first, isoTime, num, parsed, type RawExport, rows, yes } from './exportValues';

/**
 * The sections of a member's export (decision 0218), each picking its fields by name from the
 * rows the backup's member export found: nothing else reaches the file.
 */

export function account(raw: RawExport, referrals: unknown) {
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

export function collectibles(raw: RawExport, names: ExportNames) {
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

export function pointsAndTickets(raw: RawExport, names: ExportNames) {
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

export function raffles(raw: RawExport, names: ExportNames) {
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

export function purchases(raw: RawExport, names: ExportNames) {
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

export function chatMessages(raw: RawExport, names: ExportNames) {
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

export function chatStanding(raw: RawExport, names: ExportNames) {
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

export function signIns(raw: RawExport) {
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

export function games(raw: RawExport) {
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

export function notifications(raw: RawExport) {
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
