import { type Capability, orderCapabilities } from '../capability';
import type { PlatformTables } from '../db/schema';
import { type AnnouncementsTables, announcements } from './announcements/index';
import { type ChatTables, chat } from './chat/index';
import { type CollectiblesTables, collectibles } from './collectibles/index';
import { devOutbox } from './devOutbox/index';
import { type GamesTables, games } from './games/index';
import { type GamevarsTables, gamevars } from './gamevars/index';
import { type IdentityTables, identity } from './identity/index';
import { type MaintenanceTables, maintenance } from './maintenance/index';
import { type MembersTables, members } from './members/index';
import { type NotificationsTables, notifications } from './notifications/index';
import { type OperatorsTables, operators } from './operators/index';
import { type ProfilesTables, profiles } from './profiles/index';
import { type RaffleTables, raffle } from './raffle/index';
import { type RewardsTables, rewards } from './rewards/index';
import { type StatusTables, status } from './status/index';
import { type StoreTables, store } from './store/index';
import { type TradingTables, trading } from './trading/index';
import { type WalletTables, wallet } from './wallet/index';
import { type WhitelistTables, whitelist } from './whitelist/index';

/**
 * The server's capabilities: the one list app.ts, main.ts, the admin CLI and getUserData loop
 * over, in dependency order. Each declares what it uses (`uses`); `npm run check` refuses an
 * import along an undeclared edge, and a cycle. To add one, see docs/architecture.md.
 */
export const capabilities: readonly Capability[] = orderCapabilities([
  maintenance,
  gamevars,
  identity,
  notifications,
  collectibles,
  rewards,
  raffle,
  games,
  profiles,
  chat,
  store,
  trading,
  devOutbox,
  wallet,
  whitelist,
  operators,
  members,
  status,
  announcements,
]);

/**
 * Every table: the platform's and each capability's (features/<name>/tables.ts). Only the
 * composition root (app.ts, cli/, tests) names it; a capability's handle sees its own tables and
 * the platform's (db/schema.ts CapabilityDb).
 */
export interface Database
  extends PlatformTables,
    MaintenanceTables,
    GamevarsTables,
    IdentityTables,
    NotificationsTables,
    CollectiblesTables,
    RewardsTables,
    GamesTables,
    ProfilesTables,
    ChatTables,
    StoreTables,
    TradingTables,
    RaffleTables,
    WalletTables,
    WhitelistTables,
    OperatorsTables,
    MembersTables,
    StatusTables,
    AnnouncementsTables {}
