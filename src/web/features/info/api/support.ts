import { useQuery } from '@tanstack/react-query';
import { actionQuery } from '../../../api/actionQuery';

/** The server's contact address for members (getFlags' sSupportEmail, from SUPPORT_EMAIL). */
export function useSupportEmail(): string | null {
  const answer = useQuery({ ...actionQuery('getFlags', {}), staleTime: 60 * 60_000 });
  return answer.data?.iErrorCode === 0 && answer.data.sSupportEmail ? answer.data.sSupportEmail : null;
}
