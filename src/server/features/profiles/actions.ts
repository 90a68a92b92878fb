import { ErrorCode } from '../../../protocol/errors';
import type { MyProfileAnswer, PublicProfileAnswer } from '../../../protocol/profiles';
import { getMyProfileInput, getPublicProfileInput, setProfileInput } from '../../../protocol/profiles.schema';
import type { Answer } from '../../../protocol/wire';
import { type ActionDef, actionDefiner, fail } from '../../http/actions';
import { ownedShowcase, profileSettings, publicProfile, saveProfile } from './profile';
import type { ProfilesTables } from './tables';

const defineAction = actionDefiner<ProfilesTables>();

/** The member's profile settings (/account) and the public page's data (/u/<username>). */
export const profilesActions: ActionDef[] = [
  defineAction({
    service: 'portal',
    name: 'getMyProfile',
    input: getMyProfileInput,
    auth: 'member',
    async handler(_input, { deps, user }): Promise<MyProfileAnswer> {
      const settings = await profileSettings(deps.db, user.id);
      return {
        iErrorCode: ErrorCode.OK,
        bPublic: settings.isPublic,
        aShowcaseItemIDs: await ownedShowcase(deps.db, user.id, settings.showcase),
      };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'setProfile',
    input: setProfileInput,
    auth: 'member',
    async handler({ bPublic, sShowcaseItemIDs }, { deps, user }): Promise<Answer> {
      const notOwned = await saveProfile(
        deps.db,
        user.id,
        { isPublic: bPublic, showcase: sShowcaseItemIDs },
        deps.clock.now(),
      );
      return notOwned ? fail(ErrorCode.NOT_YOUR_COLLECTIBLE) : { iErrorCode: ErrorCode.OK };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'getPublicProfile',
    input: getPublicProfileInput,
    auth: 'public',
    async handler({ sUserName }, { deps }): Promise<PublicProfileAnswer | Answer> {
      const pProfile = await publicProfile(deps.db, sUserName);
      return pProfile ? { iErrorCode: ErrorCode.OK, pProfile } : fail(ErrorCode.NOT_FOUND);
    },
  }),
];
