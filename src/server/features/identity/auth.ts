import { passkey } from '@better-auth/passkey';
import { type BetterAuthOptions, betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { admin, bearer, twoFactor } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import type { ConsoleSessions } from '../../capability';
import type { Config } from '../../config';
import type { DialectName } from '../../db/index';
import { scopeAuthContext } from './authContext';
import { auditAuthEvent, noteResetTarget } from './authEvents';
import { type AuthMail, emailChangeOf } from './mail';
import { requireUserVerification } from './passkeyVerification';
import { hashPassword, verifyPassword } from './password';
import { afterSecondFactorChange, TRUST_DEVICE_DAYS } from './secondFactor';
import type { IdentityDb } from './tables';
import { claimBeforeVerify, releaseAfterRefusal } from './totpOnce';

const HOUR = 60 * 60;
const APP_NAME = 'Cthulhu Portal';

/**
 * The admin plugin's HTTP endpoints: each would change a role, a ban, a password or a session
 * outside the console's actions and their audit, so every one answers 404. Operators act only
 * through `POST /api/console/<action>` and the CLI.
 */
const ADMIN_PATHS_DISABLED = [
  '/admin/set-role',
  '/admin/get-user',
  '/admin/create-user',
  '/admin/update-user',
  '/admin/list-users',
  '/admin/list-user-sessions',
  '/admin/unban-user',
  '/admin/ban-user',
  '/admin/impersonate-user',
  '/admin/stop-impersonating',
  '/admin/revoke-user-session',
  '/admin/revoke-user-sessions',
  '/admin/remove-user',
  '/admin/set-user-password',
  '/admin/has-permission',
];

/**
 * The relying party of passkeys is the portal's public address (PUBLIC_URL): its host name is the
 * rpID, its origin the only origin a passkey's signature may name.
 */
export function passkeyOptions(publicUrl: string) {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, rpName: APP_NAME, origin: url.origin };
}

/** Better Auth on the portal's own database, with bearer tokens for the portal and game calls. */
export function createAuth(opts: {
  config: Config;
  db: IdentityDb;
  dialect: DialectName;
  mail: AuthMail;
  /** Called after each session Better Auth deletes has gone (sign-out, revoke, reset, password change, deletion). */
  sessionEnded?(session: { id: string; userId: string }): void;
  /** The clock of console sessions and audit entries. */
  now?(): number;
  /** The keeper of console sessions (operators): a passed second factor goes to it. */
  consoleSessions?(): ConsoleSessions | null;
}) {
  const { config, db, dialect, mail } = opts;
  scopeAuthContext();
  return betterAuth({
    appName: APP_NAME,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: { db: db as Kysely<unknown>, type: dialect },
    trustedOrigins: config.corsOrigins,
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // The portal lets unverified members sign in and sends them to /verify (docs/product.md §4).
      requireEmailVerification: false,
      autoSignIn: true,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: HOUR,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) => mail.resetPassword(user.email, token),
      onPasswordReset: ({ user }) => mail.passwordChanged(user.email),
    },
    emailVerification: {
      expiresIn: HOUR,
      sendOnSignUp: false,
      // Better Auth sends the change-email link through this hook too, to the new address.
      sendVerificationEmail: async ({ user, token }) => {
        const change = emailChangeOf(token);
        if (!change) return mail.verifyEmail(user.email, token);
        await mail.changeEmail(user.email, token);
        // The old address hears of it too, with a way to say "this wasn't me".
        if (change.from && change.from !== change.to) await mail.emailChangeNotice(change.from, change.to);
      },
    },
    user: {
      // No sendChangeEmailConfirmation: a verified member gets one link at the NEW address, which
      // changes the email when used. An unverified member's email changes at once and the new
      // address gets an ordinary verification link.
      changeEmail: { enabled: true, updateEmailWithoutVerification: true },
    },
    session: { expiresIn: 7 * 24 * HOUR, updateAge: 24 * HOUR },
    // Every path that ends a session deletes its row through these hooks (after the transaction commits).
    databaseHooks: { session: { delete: { after: async (session) => opts.sessionEnded?.(session) } } },
    // Our own tiered limiter (Fastify) guards every route; Better Auth's in-memory one would not be shared.
    rateLimit: { enabled: false },
    // Identity events reach the audit log; a passed second factor may make an operator's session a
    // console session (the operators capability decides); a member who turns two-factor off forgets the devices they trusted; a
    // changed password is mailed to the member.
    // Before: a TOTP code is claimed for its account (each works once, totpOnce.ts); a reset
    // link's account is noted for the audit entry.
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await claimBeforeVerify(ctx, { db, secret: config.authSecret, now: opts.now ?? Date.now });
        await noteResetTarget(ctx, db);
      }),
      after: createAuthMiddleware(async (ctx) => {
        await releaseAfterRefusal(ctx, { db, secret: config.authSecret });
        await auditAuthEvent(ctx, { db, now: opts.now ?? Date.now, consoleSessions: opts.consoleSessions });
        await afterSecondFactorChange(ctx, db);
        const user = ctx.context.session?.user;
        if (ctx.path === '/change-password' && user && !(ctx.context.returned instanceof APIError)) {
          await mail.passwordChanged(user.email);
        }
      }),
    },
    // admin: bans (issue 27), set by console actions and the CLI, never by its HTTP routes: its
    // session hook refuses a banned account a new session and lifts a ban whose end passed. Its
    // `role` column holds its default, `user`, for every account; nothing reads it: the console's
    // roles are the operators capability's (decision 0248). twoFactor: TOTP and backup codes, for
    // operators (required) and members (opt-in, issue 30); passkey: WebAuthn sign-in for members.
    plugins: [
      bearer(),
      admin({ defaultRole: 'user' }),
      twoFactor({ issuer: APP_NAME, trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * HOUR }),
      passkey({ ...passkeyOptions(config.publicUrl), ...requireUserVerification }),
    ],
    telemetry: { enabled: false },
    // Routes the portal never uses (social sign-in, OAuth tokens, HTML error pages, account
    // deletion, password set without the old one) answer 404: less to attack.
    disabledPaths: [
      '/sign-in/social',
      '/callback/:id',
      '/link-social',
      '/unlink-account',
      '/list-accounts',
      '/account-info',
      '/refresh-token',
      '/get-access-token',
      '/delete-user',
      // Each session's bearer value would be in the list: the portal lists sessions by an opaque
      // id itself (getMySessions) and ends them by it (issue 35).
      '/list-sessions',
      '/revoke-session',
      '/delete-user/callback',
      '/set-password',
      '/verify-password',
      '/reset-password/:token',
      '/error',
      ...ADMIN_PATHS_DISABLED,
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * What decides Better Auth's tables (its migrations in migrations.ts read only these). `shipped`
 * is the plugin list as it was when a migration shipped: identity/002 made the tables of
 * `bearer` alone, identity/005 adds those of `admin` (role, bans) and `twoFactor`, identity/008
 * the `passkey` table.
 */
export function authSchemaOptions(
  db: Kysely<unknown>,
  dialect: DialectName,
  shipped: 'bearer' | 'operators' | 'passkeys' = 'passkeys',
): BetterAuthOptions {
  const plugins =
    shipped === 'bearer'
      ? [bearer()]
      : shipped === 'operators'
        ? [bearer(), admin(), twoFactor()]
        : [bearer(), admin(), twoFactor(), passkey()];
  return { database: { db, type: dialect }, plugins, telemetry: { enabled: false } };
}
