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
  devMailbox: '/dev/mailbox',
} as const;

export const SPA_PATHS: readonly string[] = Object.values(ROUTES);

/** docs/product.md §2: after sign-in these requested paths go to /home instead. */
export const PATHS_THAT_GO_HOME: readonly string[] = [
  ROUTES.register,
  ROUTES.login,
  ROUTES.verify,
  ROUTES.forgotPassword,
  ROUTES.maintenance,
  ROUTES.root,
];
