import { useQuery } from '@tanstack/react-query';
import { portal } from '../../../api/client';

/** The server's contact address for members (getFlags' sSupportEmail, from SUPPORT_EMAIL). */
export function useSupportEmail(): string | null {
  const answer = useQuery({
    queryKey: ['info', 'support'],
    queryFn: () => portal('getFlags'),
    staleTime: 60 * 60_000,
  });
  return answer.data?.iErrorCode === 0 && answer.data.sSupportEmail ? answer.data.sSupportEmail : null;
}
