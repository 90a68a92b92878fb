import { ErrorCode } from '../../../protocol/errors';
import { type AckNoticesAnswer, ackNoticesInput } from '../../../protocol/rewards';
import { acknowledgeNotices } from '../../core/rewards/index';
import { type ActionDef, defineAction } from '../../http/actions';

/** Rewards actions; pUserData itself is answered by getUserData (identity) through the member core. */
export const rewardsActions: ActionDef[] = [
  defineAction({
    service: 'portal',
    name: 'ackNotices',
    input: ackNoticesInput,
    auth: 'member',
    async handler({ sKinds, iUpToNoticeID }, { deps, user }): Promise<AckNoticesAnswer> {
      const iAcknowledged = await acknowledgeNotices(deps.db, {
        userId: user.id,
        kinds: sKinds,
        upToNoticeId: iUpToNoticeID,
        now: deps.clock.now(),
      });
      return { iErrorCode: ErrorCode.OK, iAcknowledged };
    },
  }),
];
