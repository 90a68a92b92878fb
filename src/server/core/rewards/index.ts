/**
 * The member-core services other server code calls (registration grants, user data, notices,
 * collectibles). The identity capability calls grantRegistrationRewards inside its registration
 * transaction so that a profile and its grants commit together, and memberRewardsData to build
 * getUserData's pUserData.
 */
import { AGENT_COLLECTION_ID } from '../../../protocol/rewards';
import type { Config } from '../../config';
import { seedCatalog } from './content';
import type { DbOrTrx } from './db';
import { seedGameVarDefaults } from './gameVarStore';
import { configureMedia } from './media';

export {
  listCollections,
  memberCollection,
  memberInventory,
  ownedCollectible,
  publicCollectible,
} from './collectibles';
export { MEDIA_DIR } from './content';
export { listGameVars, setGameVar } from './gameVarStore';
export { grantDemoAgent, grantRegistrationRewards, type ReferralProblem, type RegistrationGrant } from './grants';
export { applyGrant, type Grant, type GrantLine, type GrantResult, LedgerError } from './ledger';
export { findBalance as memberBalance } from './ledgerRepo';
export { mintPendingItems } from './mint';
export { acknowledgeNotices } from './notices';
export { collectionsOverview, countUnminted, operatorGrantDemoAgent, operatorMintNow } from './operator';
export { memberRewardsData } from './userData';

/** The agent template id of SPEC §2/§7 (sAgentTemplateID, sAgentTokenTemplateID): the Agents collection. */
export const AGENT_TEMPLATE_ID = AGENT_COLLECTION_ID;

/** Game-var defaults and the shipped content (idempotent): at start, and before operator commands. */
export async function seedRewardsContent(db: DbOrTrx, now: number): Promise<void> {
  await seedGameVarDefaults(db, now);
  await seedCatalog(db, now);
}

/** At start, after migrations: media URL settings, then the seed. */
export async function initRewards(db: DbOrTrx, config: Pick<Config, 'version' | 'publicUrl'>, now: number) {
  configureMedia({ version: config.version, publicUrl: config.publicUrl });
  await seedRewardsContent(db, now);
}
