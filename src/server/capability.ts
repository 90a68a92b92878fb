import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Migration } from 'kysely';
import type { Metric } from 'prom-client';
import { ErrorCode } from '../protocol/errorCodes';
import type { UserData } from '../protocol/identity';
import type { DialectName } from './db/index';
import type { AnyDb, CapabilityDb } from './db/schema';
import type { Deps } from './deps';
import type { ActionDef } from './http/actions';
import type { ConsoleActionDef, ConsoleGate } from './http/consoleActions';
import type { Mailer } from './mail/index';
import type { Revisions } from './shared/revisions';
import { userDataCache } from './shared/userDataCache';

/**
 * The capability module: everything one product capability brings to the server, declared in
 * one object exported by `features/<name>/index.ts` and listed once in `features/index.ts`.
 * app.ts, main.ts, the admin CLI and getUserData loop over that list; none names a capability.
 * docs/architecture.md walks through each field. `Own` is the capability's tables (its tables.ts):
 * every handle it receives is typed with those and the platform's, so it cannot query another's.
 */
export interface Capability<Own extends object = object> {
  readonly name: string;
  /** The capabilities this one imports (through their index.ts). Acyclic; checked by `npm run check`. */
  readonly uses: readonly string[];
  /** Versioned schema changes, named `<capability>/NNN_what`; never edit one that has shipped. */
  readonly migrations?: Readonly<Record<string, MigrationFactory>>;
  /** Game variables this capability reads: their type, default and validation (`gamevars` keeps them). */
  readonly gameVars?: readonly GameVarDefinition[];
  /** Shipped content and defaults, idempotent: at every start and before every operator command. */
  seed?(ctx: SeedContext<Own>): Promise<void>;
  /** Operator commands of `npm run admin -- <group> …`. */
  readonly cli?: readonly CliCommand<Own>[];
  /**
   * The account an operator names for a member export (`admin -- export-member WHO`: a username
   * or an email), or null. Exactly one capability answers this: identity.
   */
  findExportedAccount?(db: AnyDb, who: string): Promise<string | null>;
  /**
   * Runs inside a ban's transaction (identity/bans.ts): what this capability ends with the
   * account's access (operators: an operator's role, decision 0204). Declared here, not in the
   * runtime, so the operator tool's bans run it too (`accountBanned` of both contexts).
   */
  onAccountBanned?(trx: CapabilityDb<Own>, banned: AccountBanned): Promise<void>;
  /** Called once per running app, in dependency order; answers what runs while the app serves. */
  start?(ctx: AppContext<Own>): Runtime<Own> | Promise<Runtime<Own>>;
}

/** An account just banned, inside the ban's transaction. */
export interface AccountBanned {
  userId: string;
  /** Who banned (`console:<email>`, `cli:<user>`) and why, for the audit entries of what ends with it. */
  actor: string;
  reason: string;
  now: number;
}

export interface Runtime<Own extends object = object> {
  actions?: readonly ActionDef[];
  /** HTTP routes besides actions (WebSocket too). */
  routes?(app: FastifyInstance): void | Promise<void>;
  /** Background work on a timer (main.ts runs them; tests drive them directly). */
  jobs?: readonly Job[];
  /** Prometheus collectors of this capability's data (made with `registers: []`); the app registers them. */
  metrics?: readonly Metric[];
  /** The operator console's actions on this capability's levers (http/consoleActions.ts). */
  consoleActions?: readonly ConsoleActionDef[];
  /** The operator behind a console request, or the refusal's code (exactly one capability answers this: operators). */
  consoleGate?: ConsoleGate;
  /** What identity's sign-in and session checks ask of console sessions (exactly one capability keeps them: operators). */
  consoleSessions?: ConsoleSessions;
  /**
   * This capability's fields of pUserData; null means "no member profile" (getUserData answers
   * NOT_REGISTERED). `earlier` holds the parts of the capabilities before it in the list, so of every
   * capability it uses: read from there instead of querying them again.
   */
  userData?(userId: string, now: number, earlier: Partial<UserData>): Promise<Partial<UserData> | null>;
  /**
   * The next instant this capability's part of pUserData changes by the clock alone, with no write
   * (a new reward day). Remembered answers end there (shared/userDataCache.ts).
   */
  userDataChangesAt?(now: number): Promise<number>;
  /** Runs inside the registration transaction: grants and notices commit or vanish with the profile. */
  onMemberRegistered?(trx: CapabilityDb<Own>, event: MemberRegistered): Promise<void>;
  /**
   * The signed-in account behind a request (exactly one capability answers this: identity); the
   * value itself when it is known without waiting (the hot path's remembered session).
   */
  authenticate?(req: FastifyRequest): SessionUser | null | Promise<SessionUser | null>;
  /**
   * This capability's step of a member's erasure (issue 30, identity/deletion.ts): erase or
   * anonymise its personal data of the member, inside the transaction that also records the step
   * as done. Idempotent: a crash before the commit runs it again. Money-like rows stay (the ledger
   * keeps its rows under the tombstone account), so totals and raffle proofs hold.
   */
  eraseMember?(trx: CapabilityDb<Own>, member: ErasedMember): Promise<void>;
}

/**
 * Console sessions as identity sees them (decisions 0206, 0235): a Better Auth session in which an
 * operator passed the second factor for the console acts in the console only. The operators
 * capability keeps them; identity asks through AppContext.consoleSessions, never importing it.
 */
export interface ConsoleSessions {
  /** Whether this session is a console session: then it is no member session. */
  isConsoleSession(sessionId: string): Promise<boolean>;
  /** Why this session may not take this Better Auth route (an idle console session, a path it never takes), or null. */
  routeRefusal(sessionId: string, path: string, now: number): Promise<{ code: string; iErrorCode: number } | null>;
  /** A second factor passed on a Better Auth route; the session it made becomes a console session if the console asked. */
  secondFactorPassed(passed: SecondFactorPassed): Promise<void>;
}

export interface SecondFactorPassed {
  sessionId: string;
  userId: string;
  /** The code made this session (a sign-in's code step or an enrolment), not one that existed already. */
  codeMadeIt: boolean;
  headers: Headers | undefined;
  now: number;
}

/** The member being erased: their account id and, until identity's own step, their email. */
export interface ErasedMember {
  userId: string;
  email: string;
  now: number;
}

/** One capability's erase step, as the erasure runs them (identity's own last). */
export interface EraseStep {
  capability: string;
  erase(trx: AnyDb, member: ErasedMember): Promise<void>;
}

export type MigrationFactory = (dialect: DialectName) => Migration;

/** The signed-in account, as actions see it. */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  sessionId: string;
  /** A ban in force (identity/bans.ts): every member action answers MEMBER_BANNED. */
  ban?: { reason: string; until: number | null };
  /** The member's data revisions, read with the session (shared/revisions.ts). */
  revisions?: Revisions;
}

export interface MemberRegistered {
  userId: string;
  /** The member whose referral code was accepted, if any. */
  referrerUserId: string | null;
  /** Why a given referral code was refused: 'used' (a second code) or 'invalid'. */
  referralProblem: 'used' | 'invalid' | null;
  /** A guest's verified M1 Demo win carried into the new account. */
  guestBeatDemo: boolean;
  /** The guest player this registration claimed, if any (its runs become the member's). */
  guestId?: number | null;
  now: number;
}

export interface Job {
  name: string;
  everyMs: number;
  /** Runs on one instance at a time, the holder of the job's lease (shared/jobs.ts). */
  leader?: boolean;
  run(): Promise<unknown>;
}

export interface GameVarDefinition {
  sVarID: string;
  sType: 'int' | 'float' | 'number' | 'array' | 'json' | 'string';
  sDefault: string;
  /** Checks the parsed value beyond its type; `hint` says what is expected. */
  valid?(parsed: unknown): boolean;
  hint?: string;
  /** What the variable changes, in one sentence for operators (the console's game vars screen). */
  description?: string;
  /** The capability that declares and reads it (set by allGameVarDefinitions). */
  readBy?: string;
}

export interface SeedContext<Own extends object = object> {
  db: CapabilityDb<Own>;
  dialect: DialectName;
  config: Deps['config'];
  now: number;
  gameVarDefinitions: readonly GameVarDefinition[];
}

/** What every capability's runtime may use: the shared services plus the composed hooks. */
export interface AppContext<Own extends object = object> extends Deps<Own> {
  /** pUserData of docs/product.md §3, composed from every capability; null when the account has no profile. */
  userData(userId: string, now: number): Promise<UserData | null>;
  /**
   * The getUserData action's answer in JSON bytes, remembered while nothing it reads changes; the
   * bytes themselves when remembered and the revisions were given (no promise on the hot path).
   */
  userDataAnswer(userId: string, now: number, revisions?: Revisions): Buffer | Promise<Buffer | null>;
  /** Tells every capability that a member registered, inside the registration transaction. */
  memberRegistered(trx: AnyDb, event: MemberRegistered): Promise<void>;
  /** Every capability's erase step (Runtime.eraseMember), dependents before what they use. */
  eraseSteps(): EraseStep[];
  /** Every background job, the platform's and each capability's (the status page lists them). */
  jobList(): readonly Job[];
  /** The console sessions' keeper (Runtime.consoleSessions), once every capability has started; null without one. */
  consoleSessions(): ConsoleSessions | null;
  /** Every capability's part of a ban (Capability.onAccountBanned), in the ban's transaction. */
  accountBanned(trx: AnyDb, banned: AccountBanned): Promise<void>;
  gameVarDefinitions: readonly GameVarDefinition[];
}

export interface AdminContext<Own extends object = object> {
  db: CapabilityDb<Own>;
  now(): number;
  /** Who runs the command, for the audit log (`cli:<user>`). */
  actor: string;
  /** How the tool sends mail (an operator's set-password link) and the links' origin. */
  mail?: { mailer: Mailer; publicUrl: string };
  gameVarDefinitions: readonly GameVarDefinition[];
  /** Every capability's part of a ban (Capability.onAccountBanned), as AppContext's. */
  accountBanned(trx: AnyDb, banned: AccountBanned): Promise<void>;
}

export interface AdminResult {
  output: string;
  /** 0 done, 1 refused (e.g. unknown member), 2 wrong usage (the usage is printed). */
  exitCode: number;
}

export interface CliCommand<Own extends object = object> {
  /** The first word: `npm run admin -- <group> <verb> …`. */
  group: string;
  /** Usage lines, indented two spaces, one command each (its continuation lines indented more). */
  usage: string;
  /** Example invocations, the words after `npm run admin --`: `<group> --help` shows them. */
  examples: readonly string[];
  run(verb: string | undefined, args: string[], ctx: AdminContext<Own>): Promise<AdminResult>;
}

// ── Composition ──────────────────────────────────────────────────────────────────────────────

/** The capabilities in dependency order; throws on an unknown, duplicate or cyclic `uses`. */
export function orderCapabilities(list: readonly Capability[]): Capability[] {
  const byName = new Map(list.map((c) => [c.name, c]));
  if (byName.size !== list.length) throw new Error('Two capabilities share a name');
  const ordered: Capability[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (capability: Capability, path: string[]) => {
    if (state.get(capability.name) === 'done') return;
    if (state.get(capability.name) === 'visiting') {
      throw new Error(`Capabilities use each other in a cycle: ${[...path, capability.name].join(' → ')}`);
    }
    state.set(capability.name, 'visiting');
    for (const name of capability.uses) {
      const used = byName.get(name);
      if (!used) throw new Error(`${capability.name} uses ${name}, which is not in the list`);
      visit(used, [...path, capability.name]);
    }
    state.set(capability.name, 'done');
    ordered.push(capability);
  };
  for (const capability of list) visit(capability, []);
  return ordered;
}

export function allGameVarDefinitions(capabilities: readonly Capability[]): GameVarDefinition[] {
  return capabilities.flatMap((c) => (c.gameVars ?? []).map((d) => ({ readBy: c.name, ...d })));
}

/** Every capability's part of a ban, in capability order (AppContext and AdminContext `accountBanned`). */
export function accountBannedHook(capabilities: readonly Capability[]) {
  return async (trx: AnyDb, banned: AccountBanned): Promise<void> => {
    for (const capability of capabilities) await capability.onAccountBanned?.(trx, banned);
  };
}

/** Every capability's migrations, in capability order (platform ones first). */
export function allMigrations(capabilities: readonly Capability[]): Array<[string, MigrationFactory]> {
  return capabilities.flatMap((c) => Object.entries(c.migrations ?? {}));
}

export async function seedAll(capabilities: readonly Capability[], ctx: SeedContext): Promise<void> {
  for (const capability of capabilities) await capability.seed?.(ctx);
}

export interface Started<All extends object> {
  ctx: AppContext<All>;
  runtimes: Runtime[];
  actions: ActionDef[];
  consoleActions: ConsoleActionDef[];
  /** Null when no capability keeps the console (then every console action answers CONSOLE_NOT_OPERATOR). */
  consoleGate: ConsoleGate | null;
  jobs: Job[];
  authenticate(req: FastifyRequest): SessionUser | null | Promise<SessionUser | null>;
}

/**
 * Starts every capability in dependency order. The context's hooks loop over the runtimes, so a
 * capability calls `ctx.userData` or `ctx.memberRegistered` without knowing who contributes.
 * `All` is every table (the composition root's Database): each capability sees its own part.
 * `platformJobs`: the platform's own jobs (mail sent again), run and listed with the capabilities'.
 */
export async function startCapabilities<All extends object>(
  capabilities: readonly Capability[],
  deps: Deps<All>,
  platformJobs: readonly Job[] = [],
): Promise<Started<All>> {
  const runtimes: Runtime[] = [];
  const userData = async (userId: string, now: number) => {
    let data: Partial<UserData> = {};
    for (const runtime of runtimes) {
      if (!runtime.userData) continue;
      const part = await runtime.userData(userId, now, data);
      if (part === null) return null;
      data = { ...data, ...part };
    }
    return data as UserData;
  };
  const remembered = userDataCache({
    db: deps.db as AnyDb,
    maxAgeMs: deps.config.userDataCacheMs,
    compose: userData,
    encode: (pUserData) => Buffer.from(JSON.stringify({ iErrorCode: ErrorCode.OK, pUserData })),
    async changesAt(now) {
      let next = Number.POSITIVE_INFINITY;
      for (const runtime of runtimes)
        if (runtime.userDataChangesAt) next = Math.min(next, await runtime.userDataChangesAt(now));
      return next;
    },
  });
  const ctx: AppContext<All> = {
    ...deps,
    gameVarDefinitions: allGameVarDefinitions(capabilities),
    userData,
    userDataAnswer: (userId, now, revisions) => remembered.answer(userId, now, revisions),
    async memberRegistered(trx, event) {
      for (const runtime of runtimes) await runtime.onMemberRegistered?.(trx, event);
    },
    eraseSteps: () =>
      runtimes
        .flatMap((runtime, i) => {
          const erase = runtime.eraseMember;
          const capability = capabilities[i]?.name ?? '';
          return erase ? [{ capability, erase: (trx: AnyDb, member: ErasedMember) => erase(trx, member) }] : [];
        })
        .reverse(),
    jobList: () => [...platformJobs, ...runtimes.flatMap((r) => r.jobs ?? [])],
    consoleSessions: () => runtimes.find((r) => r.consoleSessions)?.consoleSessions ?? null,
    accountBanned: accountBannedHook(capabilities),
  };
  // Every capability gets the one handle to the whole database, typed with its own tables only.
  const handedOut = ctx as unknown as AppContext;
  for (const capability of capabilities) runtimes.push((await capability.start?.(handedOut)) ?? {});
  const authenticators = runtimes.flatMap((r) => (r.authenticate ? [r.authenticate] : []));
  if (authenticators.length !== 1) throw new Error('Exactly one capability must authenticate requests');
  return {
    ctx,
    runtimes,
    actions: runtimes.flatMap((r) => r.actions ?? []),
    consoleActions: runtimes.flatMap((r) => r.consoleActions ?? []),
    consoleGate: runtimes.find((r) => r.consoleGate)?.consoleGate ?? null,
    jobs: [...platformJobs, ...runtimes.flatMap((r) => r.jobs ?? [])],
    authenticate: authenticators[0] as NonNullable<Runtime['authenticate']>,
  };
}

/**
 * One of a capability's functions as another capability calls it (exported through its index.ts):
 * with the caller's own handle or transaction. It is the same connection to the one database; only
 * the owner's function, not the caller, sees the owner's tables.
 */
export function forOtherCapabilities<Args extends unknown[], Result>(
  // biome-ignore lint/suspicious/noExplicitAny: the owner's handle type, whichever it is
  fn: (db: CapabilityDb<any>, ...args: Args) => Result,
): (db: AnyDb, ...args: Args) => Result {
  return fn;
}
