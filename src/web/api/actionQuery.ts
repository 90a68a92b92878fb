import { queryOptions } from '@tanstack/react-query';
import type { ActionAnswer, ActionInput, ActionName } from '../../protocol/actions';
import { PORTAL_BASE } from '../config';
import { callAction } from './client';

/**
 * Queries made from the action registry (issue 37): a portal action's key is its name and its
 * input, so two screens asking the same thing share one cache entry, and its answer's type is
 * the registry's. Apart from api/client, which the entry bundle loads without TanStack Query.
 */
export const actionKey = <N extends ActionName<'portal'>>(action: N, fields: ActionInput<'portal', N>) =>
  [action, fields] as const;

/** A portal action's answer as a query: the answer as it came (a refusal included), null when unreachable. */
export const actionQuery = <N extends ActionName<'portal'>>(
  action: N,
  fields: ActionInput<'portal', N>,
  token?: string | null,
) =>
  queryOptions({
    queryKey: actionKey(action, fields),
    queryFn: ({ signal }) => callAction<ActionAnswer<'portal', N>>(PORTAL_BASE, action, fields, { token, signal }),
  });
