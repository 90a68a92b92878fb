/**
 * The action registry (issue 37, decision 0231): every action of the wire, member and console, with
 * its service, its name, its input (the type of the zod schema the server parses it with), its
 * answer, and who may call it. The server's definitions must match their entry (http/actions.ts,
 * http/consoleActions.ts: a name not here, another schema, auth, permission or answer does not
 * compile), and the web calls through clients typed by it (web/api/client.ts, web/api/console.ts).
 * Types only: the web's bundle takes nothing from here, not even zod.
 */
import type { z } from 'zod';
import type {
  AnnounceCountAnswer,
  AnnounceListAnswer,
  AnnounceRetryMailAnswer,
  AnnounceSendAnswer,
} from './announcements';
import type {
  ackAnnouncementInput,
  announceCancelInput,
  announceCountInput,
  announceListInput,
  announceRetryMailInput,
  announceSendInput,
} from './announcements.schema';
import type {
  ChatHistoryAnswer,
  ChatItemAnswer,
  ChatMembersAnswer,
  ConsoleChatChangeAnswer,
  ConsoleChatChannelsAnswer,
} from './chat';
import type {
  chatChannelAddInput,
  chatChannelChangeInput,
  chatChannelSlowInput,
  chatChannelsInput,
  chatChannelUpdateInput,
  chatOperatorChangeInput,
  chatVarSetInput,
  findChatMembersInput,
  getChatHistoryInput,
  getChatItemInput,
} from './chat.schema';
import type { CollectionAnswer, CollectionsAnswer, InventoryAnswer, ItemAnswer } from './collectibles';
import type {
  getCollectionInput,
  getCollectionsInput,
  getInventoryInput,
  getItemInput,
  getPublicItemInput,
} from './collectibles.schema';
import type { ConfirmIdentityAnswer, confirmIdentityInput } from './confirmation.schema';
import type {
  ConsoleAccountAnswer,
  ConsoleAccountBackupCodesAnswer,
  ConsoleAccountPasswordAnswer,
  ConsoleAuditActionsAnswer,
  ConsoleAuditExportAnswer,
  ConsoleAuditListAnswer,
  ConsoleBulkAnswer,
  ConsoleGrantCapSetAnswer,
  ConsoleMemberRow,
  ConsoleOperatorAddAnswer,
  ConsoleOperatorChangeAnswer,
  ConsoleOperatorResendAnswer,
  ConsoleOperatorsListAnswer,
  ConsolePage,
  ConsolePermission,
  ConsoleWhoamiAnswer,
  MemberExportAnswer,
  MemberGrantAnswer,
  MemberSessionsRevokeAnswer,
  MemberShowAnswer,
  ReportHistoryAnswer,
  ReportListAnswer,
} from './console';
import type {
  ConsoleInviteChangeAnswer,
  ConsoleInviteCreateAnswer,
  ConsoleInviteExportAnswer,
  ConsoleInviteListAnswer,
} from './consoleInvites';
import type {
  inviteCreateInput,
  inviteExportInput,
  inviteListInput,
  inviteOnlySetInput,
  inviteRevokeInput,
} from './consoleInvites.schema';
import type {
  consoleBulkInput,
  memberAccountInput,
  memberBanInput,
  memberFindInput,
  memberGrantInput,
  memberMuteInput,
  memberNoteAddInput,
  memberSessionsRevokeInput,
  memberShowInput,
  memberUnbanInput,
  reportHistoryInput,
  reportListInput,
  reportResolveInput,
  reportsSinceInput,
} from './consoleMembers.schema';
import type {
  accountBackupCodesRenewInput,
  accountPasswordChangeInput,
  accountSessionEndInput,
  accountShowInput,
  auditActionsInput,
  auditFiltersInput,
  auditListInput,
  grantCapSetInput,
  operatorAddInput,
  operatorRemoveInput,
  operatorResendWelcomeInput,
  operatorSetRoleInput,
  operatorsListInput,
  signOutInput,
  whoamiInput,
} from './consoleOperators.schema';
import type {
  ConsoleRaffleChangeAnswer,
  ConsoleRaffleListAnswer,
  ConsoleRaffleShowAnswer,
  ConsoleRaffleTemplatesAnswer,
} from './consoleRaffles';
import type {
  raffleChangeInput,
  raffleCreateInput,
  raffleListInput,
  raffleShowInput,
  raffleTemplatesInput,
  raffleWeeklySetInput,
} from './consoleRaffles.schema';
import type {
  AnswerCurseAnswer,
  ConsoleCurseAnswer,
  ConsoleCurseSetAnswer,
  CursePuzzleAnswer,
  FinishRunAnswer,
  LeaderboardAnswer,
  ListGamesAnswer,
  StartRunAnswer,
  SubmitChunkAnswer,
} from './games';
import type {
  answerCurseInput,
  curseClearInput,
  cursePuzzleInput,
  curseSetInput,
  curseShowInput,
  finishRunInput,
  leaderboardInput,
  listGamesInput,
  startRunInput,
  submitChunkInput,
} from './games.schema';
import type { ConsoleGameVarSetAnswer, ConsoleGameVarsAnswer } from './gamevars';
import type { gameVarSetInput, gameVarsListInput } from './gamevars.schema';
import type {
  CheckUserNameAnswer,
  RegisterUserAnswer,
  UserDataAnswer,
  UserVerifiedAnswer,
  VerifyCodeAnswer,
} from './identity';
import type {
  checkUserNameInput,
  getUserDataInput,
  registerUserInput,
  sendPasswordResetEmailInput,
  sendVerificationEmailInput,
  setSubscribeInput,
  userVerifiedInput,
  verifyCodeInput,
} from './identity.schema';
import type {
  ConsoleFlagSetAnswer,
  ConsoleMaintenanceSetAnswer,
  ConsoleSettingsAnswer,
  FlagsAnswer,
  MaintenanceAnswer,
} from './maintenance';
import type {
  flagSetInput,
  getFlagsInput,
  isMaintenanceInput,
  maintenanceSetInput,
  settingsShowInput,
} from './maintenance.schema';
import type {
  AccountDeletionAnswer,
  EndSessionsAnswer,
  MyDataAnswer,
  MySessionsAnswer,
  SignInHistoryAnswer,
} from './memberAccount';
import type {
  cancelAccountDeletionInput,
  confirmAccountDeletionInput,
  dismissDeletionNoticeInput,
  endMyDeviceInput,
  endMyOtherSessionsInput,
  endMySessionInput,
  getAccountDeletionInput,
  getMyDataInput,
  getMySessionsInput,
  getSignInHistoryInput,
  requestAccountDeletionInput,
} from './memberAccount.schema';
import type { NotificationCountsAnswer, NotificationsPage } from './notifications';
import type {
  getNotificationCountsInput,
  listNotificationsInput,
  markNotificationsReadInput,
} from './notifications.schema';
import type { MyProfileAnswer, PublicProfileAnswer } from './profiles';
import type { getMyProfileInput, getPublicProfileInput, setAvatarInput, setProfileInput } from './profiles.schema';
import type { EnterRaffleAnswer, RaffleAnswer, RaffleEntriesAnswer, RaffleProofAnswer, RafflesAnswer } from './raffle';
import type { enterRaffleInput, getRaffleInput, getRafflesInput, raffleIdInput } from './raffle.schema';
import type { AckNoticesAnswer } from './rewards';
import type { ackNoticesInput } from './rewards.schema';
import type { ConsoleOverviewAnswer, StatusInstancesAnswer, StatusJobsAnswer, StatusPulseAnswer } from './status';
import type { consoleOverviewInput, statusInstancesInput, statusJobsInput, statusPulseInput } from './status.schema';
import type {
  BuyStoreItemAnswer,
  ConsoleStoreCatalogueAnswer,
  ConsoleStoreItemAnswer,
  PointsStatementAnswer,
  StoreCatalogueAnswer,
} from './store';
import type {
  buyStoreItemInput,
  getPointsStatementInput,
  getStoreCatalogueInput,
  storeCatalogueInput,
  storeItemAddInput,
  storeItemChangeInput,
  storeItemRestockInput,
  storeItemUpdateInput,
} from './store.schema';
import type {
  ConsoleTradeChangeAnswer,
  ConsoleTradeSignalsAnswer,
  ConsoleTradesAnswer,
  ItemTradesAnswer,
  TradeOfferAnswer,
  TradesPageAnswer,
} from './trading';
import type {
  acceptTradeOfferInput,
  consoleTradeChangeInput,
  consoleTradeSignalsInput,
  consoleTradesInput,
  createTradeOfferInput,
  getItemTradesInput,
  listMyTradesInput,
  tradeIdInput,
} from './trading.schema';
import type { WalletAnswer, WalletNonceAnswer } from './wallet';
import type { getWalletNonceInput, setWalletAddressInput, unlinkWalletInput } from './wallet.schema';
import type { IsWhitelistedAnswer } from './whitelist';
import type { isWhitelistedInput } from './whitelist.schema';
import type { Answer, Service } from './wire';

/** Who may call a member action: anyone, or a signed-in member (else NOT_SIGNED_IN). */
export type ActionAuth = 'public' | 'member';

/** A value a form-encoded input carries (docs/product.md §7: booleans as 1/0, empty values left out). */
export type FormValue = string | number | boolean | null | undefined;

interface MemberEntry<
  Schema extends z.ZodType<unknown, Record<string, FormValue>>,
  A extends Answer,
  Auth extends ActionAuth,
> {
  input: Schema;
  answer: A;
  auth: Auth;
}
type Member<Schema extends z.ZodType<unknown, Record<string, FormValue>>, A extends Answer> = MemberEntry<
  Schema,
  A,
  'member'
>;
type Public<Schema extends z.ZodType<unknown, Record<string, FormValue>>, A extends Answer> = MemberEntry<
  Schema,
  A,
  'public'
>;

/** A console action: `POST /api/console/<name>` with a JSON body, for a role holding `permission`. */
interface Console<Schema extends z.ZodType, A extends Answer, P extends ConsolePermission> {
  input: Schema;
  answer: A;
  permission: P;
}

/** The member actions, by service: `POST /api/<service>/<name>`, form-encoded (setWalletAddress: JSON). */
export interface MemberActions {
  portal: PortalActions;
  monsterbreaker: GameActions;
  whitelist: WhitelistActions;
}

/** `/api/portal/<name>`: the portal's own actions. */
interface PortalActions {
  // ── announcements
  ackAnnouncement: Member<typeof ackAnnouncementInput, Answer>;
  // ── chat
  getChatHistory: Member<typeof getChatHistoryInput, ChatHistoryAnswer>;
  findChatMembers: Member<typeof findChatMembersInput, ChatMembersAnswer>;
  getChatItem: Member<typeof getChatItemInput, ChatItemAnswer>;
  // ── collectibles
  getCollection: Member<typeof getCollectionInput, CollectionAnswer>;
  getItem: Member<typeof getItemInput, ItemAnswer>;
  getPublicItem: Public<typeof getPublicItemInput, ItemAnswer>;
  getCollections: Public<typeof getCollectionsInput, CollectionsAnswer>;
  setAvatar: Member<typeof setAvatarInput, Answer>;
  // ── identity
  getMySessions: Member<typeof getMySessionsInput, MySessionsAnswer>;
  endMySession: Member<typeof endMySessionInput, EndSessionsAnswer>;
  endMyDevice: Member<typeof endMyDeviceInput, EndSessionsAnswer>;
  endMyOtherSessions: Member<typeof endMyOtherSessionsInput, EndSessionsAnswer>;
  getSignInHistory: Member<typeof getSignInHistoryInput, SignInHistoryAnswer>;
  getAccountDeletion: Member<typeof getAccountDeletionInput, AccountDeletionAnswer>;
  requestAccountDeletion: Member<typeof requestAccountDeletionInput, Answer>;
  confirmAccountDeletion: Public<typeof confirmAccountDeletionInput, AccountDeletionAnswer>;
  cancelAccountDeletion: Member<typeof cancelAccountDeletionInput, Answer>;
  dismissDeletionNotice: Member<typeof dismissDeletionNoticeInput, Answer>;
  verifyCode: Public<typeof verifyCodeInput, VerifyCodeAnswer>;
  checkUserName: Public<typeof checkUserNameInput, CheckUserNameAnswer>;
  registerUser: Member<typeof registerUserInput, RegisterUserAnswer>;
  getUserData: Member<typeof getUserDataInput, UserDataAnswer>;
  userVerified: Member<typeof userVerifiedInput, UserVerifiedAnswer>;
  sendVerificationEmail: Member<typeof sendVerificationEmailInput, Answer>;
  sendPasswordResetEmail: Public<typeof sendPasswordResetEmailInput, Answer>;
  setSubscribe: Member<typeof setSubscribeInput, Answer>;
  confirmIdentity: Member<typeof confirmIdentityInput, ConfirmIdentityAnswer>;
  // ── maintenance
  isMaintenance: Public<typeof isMaintenanceInput, MaintenanceAnswer>;
  getFlags: Public<typeof getFlagsInput, FlagsAnswer>;
  // ── members
  getMyData: Member<typeof getMyDataInput, MyDataAnswer>;
  // ── notifications
  listNotifications: Member<typeof listNotificationsInput, NotificationsPage>;
  getNotificationCounts: Member<typeof getNotificationCountsInput, NotificationCountsAnswer>;
  markNotificationsRead: Member<typeof markNotificationsReadInput, NotificationCountsAnswer>;
  // ── profiles
  getMyProfile: Member<typeof getMyProfileInput, MyProfileAnswer>;
  setProfile: Member<typeof setProfileInput, Answer>;
  getPublicProfile: Public<typeof getPublicProfileInput, PublicProfileAnswer>;
  // ── raffle
  getRaffles: Member<typeof getRafflesInput, RafflesAnswer>;
  getRaffle: Public<typeof getRaffleInput, RaffleAnswer>;
  getRaffleEntries: Public<typeof raffleIdInput, RaffleEntriesAnswer>;
  getRaffleProof: Member<typeof raffleIdInput, RaffleProofAnswer>;
  enterRaffle: Member<typeof enterRaffleInput, EnterRaffleAnswer>;
  // ── rewards
  getInventory: Member<typeof getInventoryInput, InventoryAnswer>;
  ackNotices: Member<typeof ackNoticesInput, AckNoticesAnswer>;
  // ── store
  getStoreCatalogue: Member<typeof getStoreCatalogueInput, StoreCatalogueAnswer>;
  buyStoreItem: Member<typeof buyStoreItemInput, BuyStoreItemAnswer>;
  getPointsStatement: Member<typeof getPointsStatementInput, PointsStatementAnswer>;
  // ── trading
  createTradeOffer: Member<typeof createTradeOfferInput, TradeOfferAnswer>;
  acceptTradeOffer: Member<typeof acceptTradeOfferInput, TradeOfferAnswer>;
  declineTradeOffer: Member<typeof tradeIdInput, TradeOfferAnswer>;
  cancelTrade: Member<typeof tradeIdInput, TradeOfferAnswer>;
  getTradeOffer: Member<typeof tradeIdInput, TradeOfferAnswer>;
  listMyTrades: Member<typeof listMyTradesInput, TradesPageAnswer>;
  getItemTrades: Member<typeof getItemTradesInput, ItemTradesAnswer>;
  // ── wallet
  getWalletNonce: Member<typeof getWalletNonceInput, WalletNonceAnswer>;
  setWalletAddress: Member<typeof setWalletAddressInput, WalletAnswer>;
  unlinkWallet: Member<typeof unlinkWalletInput, WalletAnswer>;
}

/** `/api/monsterbreaker/<name>`: the game service (docs/product.md §15). */
interface GameActions {
  // ── games
  listGames: Public<typeof listGamesInput, ListGamesAnswer>;
  startRun: Public<typeof startRunInput, StartRunAnswer>;
  submitChunk: Public<typeof submitChunkInput, SubmitChunkAnswer>;
  finishRun: Public<typeof finishRunInput, FinishRunAnswer>;
  getLeaderboard: Public<typeof leaderboardInput, LeaderboardAnswer>;
  getCurse: Public<typeof cursePuzzleInput, CursePuzzleAnswer>;
  answerCurse: Member<typeof answerCurseInput, AnswerCurseAnswer>;
}

/** `/api/whitelist/<name>`: asked without a token. */
interface WhitelistActions {
  // ── whitelist
  isWhitelisted: Public<typeof isWhitelistedInput, IsWhitelistedAnswer>;
}

/** The console's actions (issue 27): `POST /api/console/<name>` with an operator's bearer token. */
export interface ConsoleActions {
  // ── announcements
  announceList: Console<typeof announceListInput, AnnounceListAnswer, 'announce:read'>;
  announceCount: Console<typeof announceCountInput, AnnounceCountAnswer, 'announce:read'>;
  announceSend: Console<typeof announceSendInput, AnnounceSendAnswer, 'announce:send'>;
  announceCancel: Console<typeof announceCancelInput, Answer, 'announce:send'>;
  announceRetryMail: Console<typeof announceRetryMailInput, AnnounceRetryMailAnswer, 'announce:send'>;
  // ── chat
  chatChannels: Console<typeof chatChannelsInput, ConsoleChatChannelsAnswer, 'live:read'>;
  chatChannelAdd: Console<typeof chatChannelAddInput, ConsoleChatChangeAnswer, 'chat:channels'>;
  chatChannelUpdate: Console<typeof chatChannelUpdateInput, ConsoleChatChangeAnswer, 'chat:channels'>;
  chatChannelArchive: Console<typeof chatChannelChangeInput, ConsoleChatChangeAnswer, 'chat:channels'>;
  chatChannelRestore: Console<typeof chatChannelChangeInput, ConsoleChatChangeAnswer, 'chat:channels'>;
  chatChannelSlow: Console<typeof chatChannelSlowInput, ConsoleChatChangeAnswer, 'chat:channels'>;
  chatVarSet: Console<typeof chatVarSetInput, ConsoleChatChangeAnswer, 'live:manage'>;
  reportList: Console<typeof reportListInput, ReportListAnswer, 'chat:read'>;
  reportsSince: Console<typeof reportsSinceInput, ReportListAnswer, 'chat:read'>;
  reportHistory: Console<typeof reportHistoryInput, ReportHistoryAnswer, 'chat:read'>;
  reportResolve: Console<typeof reportResolveInput, Answer, 'chat:moderate'>;
  memberMute: Console<typeof memberMuteInput, Answer, 'member:mute'>;
  chatOperatorAdd: Console<typeof chatOperatorChangeInput, ConsoleChatChangeAnswer, 'chat:channels'>;
  chatOperatorRemove: Console<typeof chatOperatorChangeInput, ConsoleChatChangeAnswer, 'chat:channels'>;
  // ── games
  curseShow: Console<typeof curseShowInput, ConsoleCurseAnswer, 'live:read'>;
  curseSet: Console<typeof curseSetInput, ConsoleCurseSetAnswer, 'live:manage'>;
  curseClear: Console<typeof curseClearInput, ConsoleCurseSetAnswer, 'live:manage'>;
  // ── gamevars
  gameVarsList: Console<typeof gameVarsListInput, ConsoleGameVarsAnswer, 'live:read'>;
  gameVarSet: Console<typeof gameVarSetInput, ConsoleGameVarSetAnswer, 'live:manage'>;
  // ── identity
  confirmIdentity: Console<typeof confirmIdentityInput, ConfirmIdentityAnswer, 'member:read'>;
  inviteList: Console<typeof inviteListInput, ConsoleInviteListAnswer, 'live:read'>;
  inviteExport: Console<typeof inviteExportInput, ConsoleInviteExportAnswer, 'live:read'>;
  inviteCreate: Console<typeof inviteCreateInput, ConsoleInviteCreateAnswer, 'live:manage'>;
  inviteRevoke: Console<typeof inviteRevokeInput, ConsoleInviteChangeAnswer, 'live:manage'>;
  inviteOnlySet: Console<typeof inviteOnlySetInput, ConsoleInviteChangeAnswer, 'live:manage'>;
  memberResendVerification: Console<typeof memberAccountInput, Answer, 'member:account'>;
  memberForcePasswordReset: Console<typeof memberAccountInput, Answer, 'member:account'>;
  // ── maintenance
  settingsShow: Console<typeof settingsShowInput, ConsoleSettingsAnswer, 'live:read'>;
  maintenanceSet: Console<typeof maintenanceSetInput, ConsoleMaintenanceSetAnswer, 'live:manage'>;
  flagSet: Console<typeof flagSetInput, ConsoleFlagSetAnswer, 'live:manage'>;
  // ── members
  memberFind: Console<typeof memberFindInput, ConsolePage<ConsoleMemberRow>, 'member:read'>;
  memberShow: Console<typeof memberShowInput, MemberShowAnswer, 'member:read'>;
  memberBan: Console<typeof memberBanInput, Answer, 'member:ban'>;
  memberUnban: Console<typeof memberUnbanInput, Answer, 'member:ban'>;
  memberGrant: Console<typeof memberGrantInput, MemberGrantAnswer, 'member:grant'>;
  memberSessionsRevoke: Console<typeof memberSessionsRevokeInput, MemberSessionsRevokeAnswer, 'member:sessions'>;
  memberNoteAdd: Console<typeof memberNoteAddInput, Answer, 'member:note'>;
  memberExport: Console<typeof memberAccountInput, MemberExportAnswer, 'member:export'>;
  /** Built in (http/consoleActions.ts): each item goes through its lever's own permission and checks. */
  consoleBulk: Console<typeof consoleBulkInput, ConsoleBulkAnswer, 'member:read'>;
  // ── operators
  whoami: Console<typeof whoamiInput, ConsoleWhoamiAnswer, 'member:read'>;
  signOut: Console<typeof signOutInput, Answer, 'member:read'>;
  operatorsList: Console<typeof operatorsListInput, ConsoleOperatorsListAnswer, 'operator:manage'>;
  operatorAdd: Console<typeof operatorAddInput, ConsoleOperatorAddAnswer, 'operator:manage'>;
  operatorSetRole: Console<typeof operatorSetRoleInput, ConsoleOperatorChangeAnswer, 'operator:manage'>;
  operatorRemove: Console<typeof operatorRemoveInput, ConsoleOperatorChangeAnswer, 'operator:manage'>;
  grantCapSet: Console<typeof grantCapSetInput, ConsoleGrantCapSetAnswer, 'operator:manage'>;
  auditList: Console<typeof auditListInput, ConsoleAuditListAnswer, 'audit:read'>;
  auditExport: Console<typeof auditFiltersInput, ConsoleAuditExportAnswer, 'audit:read'>;
  auditActions: Console<typeof auditActionsInput, ConsoleAuditActionsAnswer, 'audit:read'>;
  operatorResendWelcome: Console<typeof operatorResendWelcomeInput, ConsoleOperatorResendAnswer, 'operator:manage'>;
  /** The caller's own account (issue 38): every role, acting on the caller alone. */
  accountShow: Console<typeof accountShowInput, ConsoleAccountAnswer, 'member:read'>;
  accountPasswordChange: Console<typeof accountPasswordChangeInput, ConsoleAccountPasswordAnswer, 'member:read'>;
  accountBackupCodesRenew: Console<typeof accountBackupCodesRenewInput, ConsoleAccountBackupCodesAnswer, 'member:read'>;
  accountSessionEnd: Console<typeof accountSessionEndInput, Answer, 'member:read'>;
  // ── raffle
  raffleList: Console<typeof raffleListInput, ConsoleRaffleListAnswer, 'live:read'>;
  raffleTemplates: Console<typeof raffleTemplatesInput, ConsoleRaffleTemplatesAnswer, 'live:read'>;
  raffleShow: Console<typeof raffleShowInput, ConsoleRaffleShowAnswer, 'live:read'>;
  raffleCreate: Console<typeof raffleCreateInput, ConsoleRaffleChangeAnswer, 'live:manage'>;
  raffleOpen: Console<typeof raffleChangeInput, ConsoleRaffleChangeAnswer, 'live:manage'>;
  raffleClose: Console<typeof raffleChangeInput, ConsoleRaffleChangeAnswer, 'live:manage'>;
  raffleDraw: Console<typeof raffleChangeInput, ConsoleRaffleChangeAnswer, 'live:manage'>;
  raffleCancel: Console<typeof raffleChangeInput, ConsoleRaffleChangeAnswer, 'live:manage'>;
  raffleWeeklySet: Console<typeof raffleWeeklySetInput, ConsoleRaffleChangeAnswer, 'live:manage'>;
  // ── status
  statusInstances: Console<typeof statusInstancesInput, StatusInstancesAnswer, 'status:read'>;
  statusPulse: Console<typeof statusPulseInput, StatusPulseAnswer, 'status:read'>;
  consoleOverview: Console<typeof consoleOverviewInput, ConsoleOverviewAnswer, 'status:read'>;
  statusJobs: Console<typeof statusJobsInput, StatusJobsAnswer, 'status:read'>;
  // ── store
  storeCatalogue: Console<typeof storeCatalogueInput, ConsoleStoreCatalogueAnswer, 'live:read'>;
  storeItemAdd: Console<typeof storeItemAddInput, ConsoleStoreItemAnswer, 'live:manage'>;
  storeItemUpdate: Console<typeof storeItemUpdateInput, ConsoleStoreItemAnswer, 'live:manage'>;
  storeItemRetire: Console<typeof storeItemChangeInput, ConsoleStoreItemAnswer, 'live:manage'>;
  storeItemRestore: Console<typeof storeItemChangeInput, ConsoleStoreItemAnswer, 'live:manage'>;
  storeItemRestock: Console<typeof storeItemRestockInput, ConsoleStoreItemAnswer, 'live:manage'>;
  // ── trading
  consoleTrades: Console<typeof consoleTradesInput, ConsoleTradesAnswer, 'member:read'>;
  consoleTradeSignals: Console<typeof consoleTradeSignalsInput, ConsoleTradeSignalsAnswer, 'member:read'>;
  consoleTradeCancel: Console<typeof consoleTradeChangeInput, ConsoleTradeChangeAnswer, 'member:ban'>;
  consoleTradeReverse: Console<typeof consoleTradeChangeInput, ConsoleTradeChangeAnswer, 'trade:reverse'>;
}

export type ActionName<S extends Service> = keyof MemberActions[S] & string;
export type ActionEntry<S extends Service, N extends ActionName<S>> = Extract<
  MemberActions[S][N],
  MemberEntry<z.ZodType<unknown, Record<string, FormValue>>, Answer, ActionAuth>
>;
/** What a caller sends: the input type of the action's schema. */
export type ActionInput<S extends Service, N extends ActionName<S>> = z.input<ActionEntry<S, N>['input']>;
export type ActionAnswer<S extends Service, N extends ActionName<S>> = ActionEntry<S, N>['answer'];

export type ConsoleActionName = keyof ConsoleActions & string;
export type ConsoleActionInput<N extends ConsoleActionName> = z.input<ConsoleActions[N]['input']>;
export type ConsoleActionAnswer<N extends ConsoleActionName> = ConsoleActions[N]['answer'];
