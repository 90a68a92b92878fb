import { grantRegistrationRewards, type RegistrationGrant } from '../../src/server/core/rewards/index';
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

/** The registration grants, as the identity capability makes them inside its registration transaction. */
export function register(t: TestApp, grant: Partial<RegistrationGrant> & { userId: string }): Promise<void> {
  return t.deps.db.transaction().execute((trx) =>
    grantRegistrationRewards(trx, {
      referrerUserId: null,
      referralProblem: null,
      guestBeatDemo: false,
      now: t.deps.clock.now(),
      ...grant,
    }),
  );
}
