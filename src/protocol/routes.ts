/**
 * The one typed table of the portal's routes (docs/product.md §2). The web router builds from it and the
 * server's SPA fallback serves index.html for exactly these paths.
 */
export const ROUTES = {
  root: '/',
  viewer: '/viewer',
  authAction: '/authaction',
  maintenance: '/maintenance',
  changeAccount: '/changeaccount',
  instructions: '/instructions',
  login: '/login',
  register: '/register',
  games: '/games',
  curseBreaker: '/cursebreaker',
  verify: '/verify',
  forgotPassword: '/forgotpassword',
  home: '/home',
  account: '/account',
  raffle: '/raffle',
  raffleViewer: '/raffleviewer',
  resetPassword: '/resetpassword',
  changeEmail: '/changeemail',
  inventory: '/inventory',
  collectibles: '/inventory/collectibles',
  item: '/inventory/item',
  rewardStore: '/rewardstore',
  chat: '/chat',
  /** Issue 39: the member's trades, and the offer composer (protocol/trading.ts tradeComposerPath). */
  trades: '/trades',
  tradeComposer: '/trades/new',
  devMailbox: '/dev/mailbox',
} as const;

export const SPA_PATHS: readonly string[] = Object.values(ROUTES);

/**
 * The operators' console (issue 27): its own layout and lazy chunks beside the member's routes;
 * the server answers index.html for every path under `root`.
 */
export const CONSOLE_ROUTES = {
  root: '/console',
  signIn: '/console/sign-in',
  /** The mailed one-time link of `operator add`: set a password, enrol TOTP (operators/mail.ts). */
  welcome: '/console/welcome',
  /** The console's first screen (issue 38): today's figures, each linking to its screen. */
  overview: '/console/overview',
  members: '/console/members',
  member: '/console/members/:memberId',
  moderation: '/console/moderation',
  audit: '/console/audit',
  operators: '/console/operators',
  /** The operator's own account (issue 38): password, backup codes, console sessions. */
  account: '/console/account',
  // Issue 29: live operations (one sub-screen per capability), announcements, status.
  live: '/console/live',
  liveSettings: '/console/live/settings',
  liveGameVars: '/console/live/game-vars',
  liveInvites: '/console/live/invites',
  liveRaffles: '/console/live/raffles',
  liveStore: '/console/live/store',
  liveChat: '/console/live/chat',
  liveCurse: '/console/live/curse',
  announcements: '/console/announcements',
  /** Issue 39: trades between members; cancel and reverse. */
  trades: '/console/trades',
  status: '/console/status',
} as const;

/** The console page of one member. */
export const consoleMemberPath = (memberId: string) =>
  CONSOLE_ROUTES.member.replace(':memberId', encodeURIComponent(memberId));

/** Whether a path is the console's (the server serves the app's document for all of them). */
export const isConsolePath = (pathname: string) =>
  pathname === CONSOLE_ROUTES.root || pathname.startsWith(`${CONSOLE_ROUTES.root}/`);

/** docs/product.md §2: after sign-in these requested paths go to /home instead. */
export const PATHS_THAT_GO_HOME: readonly string[] = [
  ROUTES.register,
  ROUTES.login,
  ROUTES.verify,
  ROUTES.forgotPassword,
  ROUTES.maintenance,
  ROUTES.root,
];
