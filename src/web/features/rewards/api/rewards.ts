import type { NoticeKind } from '../../../../protocol/rewards';
import { portal } from '../../../api/client';
import { getAuthState } from '../../../lib/auth';

/** The rewards calls. The pending notices themselves arrive in pUserData (lib/memberData). */
export const ackNotices = (kinds: NoticeKind[], iUpToNoticeID: number) =>
  portal('ackNotices', { sKinds: kinds.join(','), iUpToNoticeID }, { token: getAuthState().token });
