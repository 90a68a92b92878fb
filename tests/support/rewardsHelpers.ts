import { REFERRAL_CODE_LENGTH } from '../../src/protocol/identity';
import type { MemberRegistered } from '../../src/server/capability';
import { generateCode } from '../../src/server/features/identity/invites';
import type { TestApp } from './app';

let signUps = 0;

export interface TestMember {
  userId: string;
  token: string;
  email: string;
}

/** A new account through Better Auth's sign-up route; each from its own address, so no IP limit trips. */
export async function signUp(t: TestApp, label = 'member'): Promise<TestMember> {
  signUps++;
  const email = `${label}-${signUps}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password: 'correct horse battery staple', name: label },
    remoteAddress: `10.${(signUps >> 16) & 255}.${(signUps >> 8) & 255}.${signUps & 255}`,
  });
  const token = response.headers['set-auth-token'];
  const body = response.json() as { user?: { id: string } };
  if (typeof token !== 'string' || !body.user) throw new Error(`sign-up failed: ${response.body}`);
  return { userId: body.user.id, token, email };
}

/**
 * A member profile and what registration tells every capability inside its transaction (the
 * registration grants), without going through registerUser's invite and username rules.
 */
export function register(t: TestApp, grant: Partial<MemberRegistered> & { userId: string }): Promise<void> {
  return t.deps.db.transaction().execute(async (trx) => {
    const username = `m_${grant.userId.replace(/[^A-Za-z0-9]/g, '').slice(0, 18)}`;
    await trx
      .insertInto('member')
      .values({
        user_id: grant.userId,
        username,
        username_lower: username.toLowerCase(),
        referral_code: generateCode(REFERRAL_CODE_LENGTH),
        subscribe: 0,
        invite_code: null,
        referred_by_code: null,
        referred_by_user_id: null,
        verified_at: null,
        created_at: t.deps.clock.now(),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await t.deps.memberRegistered(trx, {
      referrerUserId: null,
      referralProblem: null,
      guestBeatDemo: false,
      now: t.deps.clock.now(),
      ...grant,
    });
  });
}
