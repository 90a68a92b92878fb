import { createBrowserRouter, type DataRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import type { Flags } from '../protocol/flags';
import { PROFILE_ROUTE } from '../protocol/profiles';
import { CONSOLE_ROUTES, ROUTES } from '../protocol/routes';
import { RootLayout } from './layouts/RootLayout';
import { lazyScreen } from './lib/lazyScreen';
import { RouteErrorScreen } from './ui/ErrorScreen';

/** Strips the leading slash: child routes are relative to their layout. */
const at = (path: string) => path.slice(1);

/** Screens without the member's chrome. */
function bareRoutes(): RouteObject[] {
  return [
    { path: at(ROUTES.viewer), lazy: lazyScreen(() => import('./features/collectibles/screens/ViewerScreen')) },
    { path: at(ROUTES.authAction), lazy: lazyScreen(() => import('./features/identity/screens/AuthActionScreen')) },
    {
      path: at(ROUTES.maintenance),
      lazy: lazyScreen(() => import('./features/maintenance/screens/MaintenanceScreen')),
    },
    {
      path: at(ROUTES.changeAccount),
      lazy: lazyScreen(() => import('./features/identity/screens/ChangeAccountScreen')),
    },
  ];
}

/** Screens in the main layout, signed in or not. */
function mainRoutes(): RouteObject[] {
  return [
    { index: true, lazy: lazyScreen(() => import('./features/identity/screens/EntryScreen')) },
    { path: at(ROUTES.instructions), lazy: lazyScreen(() => import('./features/info/screens/InstructionsScreen')) },
    { path: at(ROUTES.login), lazy: lazyScreen(() => import('./features/identity/screens/LoginScreen')) },
    { path: at(ROUTES.register), lazy: lazyScreen(() => import('./features/identity/screens/RegisterScreen')) },
    { path: at(ROUTES.games), lazy: lazyScreen(() => import('./features/games/screens/GamesScreen')) },
    { path: at(ROUTES.curseBreaker), lazy: lazyScreen(() => import('./features/games/screens/CurseBreakerScreen')) },
    { path: at(ROUTES.verify), lazy: lazyScreen(() => import('./features/identity/screens/VerifyScreen')) },
    {
      path: at(ROUTES.forgotPassword),
      lazy: lazyScreen(() => import('./features/identity/screens/ForgotPasswordScreen')),
    },
    // Issue 28: a member's public page; the server answers 404 for one that is off.
    { path: at(PROFILE_ROUTE), lazy: lazyScreen(() => import('./features/profiles/screens/ProfileScreen')) },
    // The server decides whether the outbox exists (never in production); the screen says so.
    { path: at(ROUTES.devMailbox), lazy: lazyScreen(() => import('./features/devOutbox/screens/MailboxScreen')) },
    // Any other address: the not-found page, with this layout's header (or the member's navbar).
    { path: '*', lazy: lazyScreen(() => import('./features/info/screens/NotFoundScreen')) },
  ];
}

/** Screens behind the sign-in guard. */
function guardedRoutes(flags: Flags): RouteObject[] {
  const guarded: RouteObject[] = [
    { path: at(ROUTES.home), lazy: lazyScreen(() => import('./features/home/screens/HomeScreen')) },
    { path: at(ROUTES.account), lazy: lazyScreen(() => import('./features/identity/screens/AccountScreen')) },
    { path: at(ROUTES.raffle), lazy: lazyScreen(() => import('./features/raffle/screens/RaffleScreen')) },
    { path: at(ROUTES.raffleViewer), lazy: lazyScreen(() => import('./features/raffle/screens/RaffleViewerScreen')) },
    {
      path: at(ROUTES.resetPassword),
      lazy: lazyScreen(() => import('./features/identity/screens/ResetPasswordScreen')),
    },
    { path: at(ROUTES.changeEmail), lazy: lazyScreen(() => import('./features/identity/screens/ChangeEmailScreen')) },
    { path: at(ROUTES.inventory), lazy: lazyScreen(() => import('./features/collectibles/screens/InventoryScreen')) },
    {
      path: at(ROUTES.collectibles),
      lazy: lazyScreen(() => import('./features/collectibles/screens/CollectiblesScreen')),
    },
    { path: at(ROUTES.item), lazy: lazyScreen(() => import('./features/collectibles/screens/ItemScreen')) },
    {
      path: at(ROUTES.rewardStore),
      lazy: flags.bRewardStore
        ? lazyScreen(() => import('./features/store/screens/RewardStoreScreen'))
        : lazyScreen(() => import('./features/store/screens/StorePreviewScreen')),
    },
  ];
  if (flags.bTrading) {
    guarded.push(
      { path: at(ROUTES.trades), lazy: lazyScreen(() => import('./features/trading/screens/TradesScreen')) },
      {
        path: at(ROUTES.tradeComposer),
        lazy: lazyScreen(() => import('./features/trading/screens/TradeComposerScreen')),
      },
    );
  }
  if (flags.bChat) {
    guarded.push({ path: at(ROUTES.chat), lazy: lazyScreen(() => import('./features/chat/screens/ChatScreen')) });
  }
  return guarded;
}

const inConsole = (path: string) => path.slice(CONSOLE_ROUTES.root.length + 1);
const inLive = (path: string) => path.slice(CONSOLE_ROUTES.live.length + 1);

/**
 * The operators' console (issue 27): its own layout, outside the member's root (no maintenance
 * redirect). Its screens live in features/<capability>/console/ and load only from here, lazily
 * (decision 0232: member code never imports console code).
 */
function consoleRoute(): RouteObject {
  return {
    path: CONSOLE_ROUTES.root,
    lazy: lazyScreen(() => import('./layouts/ConsoleLayout')),
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, element: <Navigate to={CONSOLE_ROUTES.overview} replace /> },
      {
        path: inConsole(CONSOLE_ROUTES.overview),
        lazy: lazyScreen(() => import('./features/status/console/OverviewScreen')),
      },
      {
        path: inConsole(CONSOLE_ROUTES.signIn),
        lazy: lazyScreen(() => import('./features/operators/console/ConsoleSignInScreen')),
      },
      {
        path: inConsole(CONSOLE_ROUTES.welcome),
        lazy: lazyScreen(() => import('./features/operators/console/ConsoleWelcomeScreen')),
      },
      {
        path: inConsole(CONSOLE_ROUTES.members),
        lazy: lazyScreen(() => import('./features/members/console/MembersScreen')),
      },
      {
        path: inConsole(CONSOLE_ROUTES.member),
        lazy: lazyScreen(() => import('./features/members/console/MemberScreen')),
      },
      {
        path: inConsole(CONSOLE_ROUTES.moderation),
        lazy: lazyScreen(() => import('./features/chat/console/ModerationScreen')),
      },
      {
        path: inConsole(CONSOLE_ROUTES.trades),
        lazy: lazyScreen(() => import('./features/trading/console/TradesConsoleScreen')),
      },
      {
        path: inConsole(CONSOLE_ROUTES.audit),
        lazy: lazyScreen(() => import('./features/operators/console/AuditScreen')),
      },
      {
        path: inConsole(CONSOLE_ROUTES.operators),
        lazy: lazyScreen(() => import('./features/operators/console/OperatorsScreen')),
      },
      {
        path: inConsole(CONSOLE_ROUTES.account),
        lazy: lazyScreen(() => import('./features/operators/console/AccountScreen')),
      },
      {
        path: inConsole(CONSOLE_ROUTES.live),
        lazy: lazyScreen(() => import('./layouts/ConsoleLiveOps')),
        children: [
          { index: true, element: <Navigate to={CONSOLE_ROUTES.liveSettings} replace /> },
          {
            path: inLive(CONSOLE_ROUTES.liveSettings),
            lazy: lazyScreen(() => import('./features/maintenance/console/SettingsScreen')),
          },
          {
            path: inLive(CONSOLE_ROUTES.liveGameVars),
            lazy: lazyScreen(() => import('./features/gamevars/console/GameVarsScreen')),
          },
          {
            path: inLive(CONSOLE_ROUTES.liveInvites),
            lazy: lazyScreen(() => import('./features/identity/console/InvitesScreen')),
          },
          {
            path: inLive(CONSOLE_ROUTES.liveRaffles),
            lazy: lazyScreen(() => import('./features/raffle/console/RafflesScreen')),
          },
          {
            path: inLive(CONSOLE_ROUTES.liveStore),
            lazy: lazyScreen(() => import('./features/store/console/StoreCatalogueScreen')),
          },
          {
            path: inLive(CONSOLE_ROUTES.liveChat),
            lazy: lazyScreen(() => import('./features/chat/console/ChannelsScreen')),
          },
          {
            path: inLive(CONSOLE_ROUTES.liveCurse),
            lazy: lazyScreen(() => import('./features/games/console/CurseScreen')),
          },
        ],
      },
      {
        path: inConsole(CONSOLE_ROUTES.announcements),
        lazy: lazyScreen(() => import('./features/announcements/console/AnnouncementsScreen')),
      },
      {
        path: inConsole(CONSOLE_ROUTES.status),
        lazy: lazyScreen(() => import('./features/status/console/StatusScreen')),
      },
      { path: '*', element: <Navigate to={CONSOLE_ROUTES.overview} replace /> },
    ],
  };
}

/** The routes of docs/product.md §2 in their three layouts, and the console; every screen is its own lazy chunk. */
export function appRoutes(flags: Flags): RouteObject[] {
  return [
    consoleRoute(),
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      children: [
        // Layouts load beside their screen (React Router fetches a route's lazy parts in parallel).
        {
          lazy: lazyScreen(() => import('./layouts/BareLayout')),
          errorElement: <RouteErrorScreen />,
          children: bareRoutes(),
        },
        {
          lazy: lazyScreen(() => import('./layouts/MainLayout')),
          errorElement: <RouteErrorScreen />,
          children: mainRoutes(),
        },
        {
          lazy: lazyScreen(() => import('./layouts/GuardedLayout')),
          errorElement: <RouteErrorScreen />,
          children: guardedRoutes(flags),
        },
      ],
    },
  ];
}

/** Starts downloading the lazy parts (layout, screen) of the route at `pathname`; the router reuses them. */
export function preloadRoute(pathname: string, flags: Flags): void {
  for (const { route } of matchRoutes(appRoutes(flags), pathname) ?? []) {
    if (typeof route.lazy === 'function') route.lazy().catch(() => undefined);
  }
}

/** Resolves once the router has loaded the lazy parts of the first route (or failed to, and shows its error screen). */
export function routerReady(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export function createAppRouter(flags: Flags) {
  return createBrowserRouter(appRoutes(flags));
}
