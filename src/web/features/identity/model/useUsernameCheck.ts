import { useEffect, useState } from 'react';
import { ErrorCode, errorMessage } from '../../../../protocol/errors';
import { usernameProblem } from '../../../../protocol/identity';
import { checkUserName } from '../api/identity';

export type UsernameCheck =
  | { status: 'idle' }
  | { status: 'invalid'; message: string }
  | { status: 'checking' }
  | { status: 'available' }
  | { status: 'taken'; suggestion: string }
  | { status: 'unknown'; message: string };

/** Asks the server whether a username is free, ~400 ms after the member stops typing. */
export function useUsernameCheck(name: string, delayMs = 400): UsernameCheck {
  const [check, setCheck] = useState<UsernameCheck>({ status: 'idle' });
  useEffect(() => {
    const trimmed = name.trim();
    if (!trimmed) return setCheck({ status: 'idle' });
    const problem = usernameProblem(trimmed);
    if (problem) return setCheck({ status: 'invalid', message: problem });
    setCheck({ status: 'checking' });
    let current = true;
    const timer = setTimeout(async () => {
      const answer = await checkUserName(trimmed);
      if (!current) return;
      if (answer?.iErrorCode === ErrorCode.OK) setCheck({ status: 'available' });
      else if (answer?.iErrorCode === ErrorCode.USERNAME_TAKEN)
        setCheck({ status: 'taken', suggestion: answer.sSuggestedUserName ?? '' });
      else if (answer?.iErrorCode === ErrorCode.RATE_LIMITED)
        setCheck({ status: 'unknown', message: errorMessage(answer.iErrorCode) });
      else setCheck({ status: 'unknown', message: 'We could not check this name right now.' });
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [name, delayMs]);
  return check;
}
