/**
 * Calls and definitions the action registry (src/protocol/actions.ts, decision 0231) must refuse.
 * Nothing runs this file: `npm run check`'s tsc compiles it, and each `@ts-expect-error` fails the
 * check the day its line compiles, i.e. the day a wrong name, input or answer slips through.
 */
import type { MyProfileAnswer } from '../../src/protocol/profiles';
import { getMyProfileInput, getPublicProfileInput } from '../../src/protocol/profiles.schema';
import { storeCatalogueInput } from '../../src/protocol/store.schema';
import { actionDefiner, fail } from '../../src/server/http/actions';
import { consoleActionDefiner } from '../../src/server/http/consoleActions';
import { portal } from '../../src/web/api/client';
import { consoleCall } from '../../src/web/api/console';

export async function memberCalls(): Promise<unknown[]> {
  // @ts-expect-error an action the registry does not hold
  const unknownAction = await portal('buyStoreItems', { sStoreItemID: 'a', iQuantity: 1, sIdempotencyKey: 'k' });
  // @ts-expect-error a field buyStoreItem does not take
  const extraField = await portal('buyStoreItem', { sStoreItemID: 'a', iQuantity: 1, sIdempotencyKey: 'k', bGift: 1 });
  // @ts-expect-error a field buyStoreItem needs, left out
  const missingField = await portal('buyStoreItem', { sStoreItemID: 'a', iQuantity: 1 });
  const bought = await portal('buyStoreItem', { sStoreItemID: 'a', iQuantity: 1, sIdempotencyKey: 'k' });
  // @ts-expect-error an answer field BuyStoreItemAnswer does not have (getMyProfile's)
  const wrongAnswerField = bought?.bPublic;
  return [unknownAction, extraField, missingField, bought?.iPointsSpent, wrongAnswerField];
}

export async function consoleCalls(): Promise<unknown[]> {
  // @ts-expect-error a console action the registry does not hold
  const unknownAction = await consoleCall('storeCatalog');
  // @ts-expect-error a field storeItemRestock does not take
  const extraField = await consoleCall('storeItemRestock', { sStoreItemID: 'a', iUnits: 1, sReason: 'r', bAll: true });
  const catalogue = await consoleCall('storeCatalogue');
  // @ts-expect-error an answer field ConsoleStoreCatalogueAnswer does not have (raffleList's)
  const wrongAnswerField = catalogue.aRows;
  return [unknownAction, extraField, catalogue.aItems, wrongAnswerField];
}

const defineAction = actionDefiner<object>();
const defineConsoleAction = consoleActionDefiner<object>();

export const wrongDefinitions = [
  defineAction({
    service: 'portal',
    // @ts-expect-error a name the registry does not hold
    name: 'getMyProfiles',
    // @ts-expect-error and, with no entry, no schema fits
    input: getMyProfileInput,
    auth: 'member',
    handler: async () => fail(0),
  }),
  defineAction({
    service: 'portal',
    name: 'getMyProfile',
    // @ts-expect-error another action's schema
    input: getPublicProfileInput,
    auth: 'member',
    handler: async () => fail(0),
  }),
  defineAction({
    service: 'portal',
    name: 'getMyProfile',
    input: getMyProfileInput,
    // @ts-expect-error the registry says a member calls it
    auth: 'public',
    handler: async () => fail(0),
  }),
  defineAction({
    service: 'portal',
    name: 'getMyProfile',
    input: getMyProfileInput,
    auth: 'member',
    // @ts-expect-error an answer that is not MyProfileAnswer
    handler: async () => ({ iErrorCode: 0, bPublic: true }),
  }),
  defineConsoleAction({
    name: 'storeCatalogue',
    permission: 'live:read',
    input: storeCatalogueInput,
    // @ts-expect-error an answer that is not ConsoleStoreCatalogueAnswer
    handler: async (): Promise<MyProfileAnswer> => ({ iErrorCode: 0, bPublic: true, aShowcaseItemIDs: [] }),
  }),
  defineConsoleAction({
    name: 'storeItemRestock',
    permission: 'live:manage',
    // @ts-expect-error another action's schema
    input: storeCatalogueInput,
    handler: async () => fail(0),
  }),
  defineConsoleAction({
    name: 'storeCatalogue',
    // @ts-expect-error the registry asks for live:read
    permission: 'live:manage',
    input: storeCatalogueInput,
    handler: async () => fail(0),
  }),
];
