/**
 * The console's status page (issue 29): the instances serving the portal, the game's pulse and the
 * jobs. Console actions `statusInstances`, `statusPulse` and `statusJobs` (permission `status:read`).
 */

/** One instance's figures, as it published them (rates over its last interval). */
export interface StatusInstance {
  sInstanceID: string;
  sVersion: string;
  iStartedAt: number;
  iUptimeMs: number;
  /** 'draining' once shutdown began (readyz answers 503). */
  sState: 'ready' | 'draining';
  iOpenSockets: number;
  /** Requests answered per second over the last interval. */
  fRequestsPerSecond: number;
  /** Share (0…1) of the last interval's requests answered with HTTP 5xx. */
  fErrorRate: number;
  /** 95th percentile latency of the last interval's requests, ms; null without requests. */
  fP95Ms: number | null;
  /** The event loop's delay (99th percentile since the previous snapshot), ms. */
  fEventLoopDelayMs: number;
  /** PostgreSQL's pool; null on SQLite (one connection). */
  pDbPool: { iTotal: number; iIdle: number; iWaiting: number } | null;
  /** The leader-only jobs whose lease this instance holds. */
  aLeases: string[];
  /** When the snapshot was taken (the instance's clock). */
  iSeenAt: number;
  /** The instance that answered this request. */
  bThisInstance: boolean;
}

export interface StatusInstancesAnswer {
  iErrorCode: number;
  aInstances: StatusInstance[];
  /** How snapshots travel: over Redis pub/sub, or heartbeat rows in the database. */
  sTransport: 'redis' | 'database';
  iIntervalMs: number;
  iNow: number;
}

export const STATUS_RANGES = ['24h', '7d', '30d'] as const;
export type StatusRange = (typeof STATUS_RANGES)[number];
export const STATUS_BUCKETS = ['hour', 'day'] as const;
export type StatusBucket = (typeof STATUS_BUCKETS)[number];

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
export const RANGE_MS: Record<StatusRange, number> = { '24h': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS };
export const BUCKET_MS: Record<StatusBucket, number> = { hour: HOUR_MS, day: DAY_MS };
/** The bucket a range shows unless the operator picks the other. */
export const DEFAULT_BUCKET: Record<StatusRange, StatusBucket> = { '24h': 'hour', '7d': 'day', '30d': 'day' };

/**
 * The pulse's series, in the order the page shows them. `sum`: a total over the range makes sense;
 * `distinct`: members counted once per bucket (the range shows the peak and the average instead).
 */
export const PULSE_SERIES = [
  { sKey: 'signUps', sLabel: 'Sign-ups', sKind: 'sum' },
  { sKey: 'activeMembers', sLabel: 'Active members', sKind: 'distinct' },
  { sKey: 'dailyRewards', sLabel: 'Daily rewards claimed', sKind: 'sum' },
  { sKey: 'purchases', sLabel: 'Store purchases', sKind: 'sum' },
  { sKey: 'pointsSpent', sLabel: 'Points spent', sKind: 'sum' },
  { sKey: 'raffleEntries', sLabel: 'Raffle entries', sKind: 'sum' },
  { sKey: 'chatMessages', sLabel: 'Chat messages', sKind: 'sum' },
  { sKey: 'gameRuns', sLabel: 'Game runs', sKind: 'sum' },
  { sKey: 'verifiedWins', sLabel: 'Verified wins', sKind: 'sum' },
] as const;
export type PulseKey = (typeof PULSE_SERIES)[number]['sKey'];

export interface PulseSeries {
  sKey: PulseKey;
  sLabel: string;
  sKind: 'sum' | 'distinct';
  /** One value per bucket of `aBuckets`. */
  aValues: number[];
}

export interface StatusPulseAnswer {
  iErrorCode: number;
  sRange: StatusRange;
  sBucket: StatusBucket;
  /** Each bucket's start (epoch ms, UTC-aligned), oldest first; the last one is still filling. */
  aBuckets: number[];
  aSeries: PulseSeries[];
}

export interface StatusJob {
  sName: string;
  iEveryMs: number;
  /** Runs on one instance at a time (behind a lease). */
  bLeaderOnly: boolean;
  /** The instance holding the lease now (leader-only jobs); null when none holds it. */
  sLeader: string | null;
  /** The latest run any live instance reported; null before the first. */
  pLastRun: {
    iAt: number;
    iDurationMs: number;
    /** How late it started after it was due. */
    iLagMs: number;
    sOutcome: 'ok' | 'failed';
    sInstanceID: string;
  } | null;
}

export interface StatusJobsAnswer {
  iErrorCode: number;
  aJobs: StatusJob[];
  /** Collectibles waiting for their token id (the mint queue). */
  iMintQueue: number;
  /** One-off mails the mail server deferred, waiting for the mail.retry job to send them again. */
  iMailQueue: number;
}

/** A raffle on the console's overview. */
export interface OverviewRaffle {
  iRaffleID: number;
  sTitle: string;
  iOpensAt: number;
  iClosesAt: number;
}

/**
 * `consoleOverview` (status:read, which every role holds; issue 38): the console's first screen,
 * today's figures, each counted by the capability that owns it (the pulse's own counts for sign-ups
 * and active members, over the current UTC day).
 */
export interface ConsoleOverviewAnswer {
  iErrorCode: number;
  iNow: number;
  /** Start of the current UTC day: "today" of the figures. */
  iDayStartsAt: number;
  iSignUpsToday: number;
  iActiveMembersToday: number;
  /** Chat reports no moderator has resolved yet. */
  iReportsWaiting: number;
  /** Announcements scheduled or being sent. */
  iAnnouncementsPending: number;
  pOpenRaffle: OverviewRaffle | null;
  pNextRaffle: OverviewRaffle | null;
  /** Raffles an operator closed by hand, waiting for their review and draw. */
  iRafflesHeldForReview: number;
  pInstances: {
    iTotal: number;
    iReady: number;
    iDraining: number;
    /** Instances that answered more than 1% of the last interval's requests with a 5xx. */
    iWithErrors: number;
    sTransport: 'redis' | 'database';
  };
}
