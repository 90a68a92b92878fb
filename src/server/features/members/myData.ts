import { ErrorCode } from '../../../protocol/errors';
import type { MyDataAnswer } from '../../../protocol/memberAccount';
import { getMyDataInput } from '../../../protocol/memberAccount.schema';
import { type ActionDef, actionDefiner, fail, type Refusal } from '../../http/actions';
import { firstOverLimit } from '../../shared/rateLimit';
import { exportMemberData } from './levers';
import type { MembersTables } from './tables';

const defineAction = actionDefiner<MembersTables>();

/** A copy reads every table of the member: a few an hour is plenty. */
const MY_DATA_LIMITS = { dataDownloadPerMember: { max: 5, windowMs: 60 * 60_000 } };

/**
 * "Download my data" on /account (issue 30): the operators' export of the member (one exporter),
 * in its member variant, audited as the member's own export.
 */
export const myDataActions: ActionDef[] = [
  defineAction({
    service: 'portal',
    name: 'getMyData',
    input: getMyDataInput,
    auth: 'member',
    async handler(_input, { deps, user }): Promise<MyDataAnswer | Refusal> {
      if (await firstOverLimit(deps, MY_DATA_LIMITS, [['dataDownloadPerMember', user.id]]))
        return fail(ErrorCode.RATE_LIMITED);
      const pData = await exportMemberData(deps.db, user.id, {
        actor: `self:${user.email}`,
        reason: 'download my data',
        now: deps.clock.now(),
        forMember: true,
      });
      return pData ? { iErrorCode: ErrorCode.OK, pData } : fail(ErrorCode.NOT_FOUND);
    },
  }),
];
