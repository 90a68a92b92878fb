import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer } from 'react';
import { errorMessage } from '../../../../protocol/errors';
import type { BuyStoreItemAnswer, StoreItemView } from '../../../../protocol/store';
import { memberKeys } from '../../../lib/memberData';
import { collectiblesKeys } from '../../collectibles/api/keys';
import { buyStoreItem, storeKeys } from '../api/store';

/**
 * The purchase dialog as a state machine: the item, then a confirmation that shows the balance
 * after, then the answer. One idempotency key stands for one purchase the member means to make:
 * it is kept when the server could not be reached (so "Try again" cannot buy twice) and dropped
 * once an answer came back (a new attempt is a new purchase).
 */
export type PurchaseState =
  | { step: 'details'; key: string | null }
  | { step: 'confirm'; key: string }
  | { step: 'buying'; key: string }
  | { step: 'done'; key: null; answer: BuyStoreItemAnswer }
  | { step: 'refused'; key: null; code: number; message: string }
  | { step: 'unreachable'; key: string };

export type PurchaseEvent =
  | { type: 'buy'; freshKey: string }
  | { type: 'back' }
  | { type: 'send' }
  | { type: 'answered'; answer: BuyStoreItemAnswer | null }
  | { type: 'reset' };

export const initialPurchase: PurchaseState = { step: 'details', key: null };

export function purchaseReducer(state: PurchaseState, event: PurchaseEvent): PurchaseState {
  switch (event.type) {
    case 'buy':
      return { step: 'confirm', key: state.key ?? event.freshKey };
    case 'back':
      return state.step === 'buying' ? state : { step: 'details', key: state.key };
    case 'send':
      return state.step === 'confirm' || state.step === 'unreachable' ? { step: 'buying', key: state.key } : state;
    case 'answered': {
      if (state.step !== 'buying') return state;
      const { answer } = event;
      if (!answer) return { step: 'unreachable', key: state.key };
      if (answer.iErrorCode === 0) return { step: 'done', key: null, answer };
      return {
        step: 'refused',
        key: null,
        code: answer.iErrorCode,
        message: answer.sMessage || errorMessage(answer.iErrorCode),
      };
    }
    case 'reset':
      return initialPurchase;
  }
}

/** The member's points after buying `quantity` of the item (negative: they cannot afford it). */
export const balanceAfter = (points: number, item: Pick<StoreItemView, 'iPrice'>, quantity: number) =>
  points - item.iPrice * quantity;

/**
 * Runs the purchase machine for one item dialog. A completed purchase puts the new balances in the
 * member data at once (navbar, header) and refreshes the catalogue, statement and inventory;
 * `settle` (the dialog closing) reloads the member data, which brings the purchase's popup.
 */
export function usePurchase(item: StoreItemView | null, quantity: number, userId: string) {
  const [state, dispatch] = useReducer(purchaseReducer, initialPurchase);
  const queryClient = useQueryClient();

  const send = useCallback(async () => {
    if (!item || (state.step !== 'confirm' && state.step !== 'unreachable')) return;
    const key = state.key;
    dispatch({ type: 'send' });
    const answer = await buyStoreItem({ sStoreItemID: item.sStoreItemID, iQuantity: quantity, sIdempotencyKey: key });
    dispatch({ type: 'answered', answer });
    if (answer && answer.iErrorCode === 0) {
      queryClient.setQueryData(memberKeys.data(userId), (data: unknown) => withBalances(data, answer));
      queryClient.invalidateQueries({ queryKey: collectiblesKeys.all });
    }
    if (answer) queryClient.invalidateQueries({ queryKey: storeKeys.all });
  }, [item, quantity, state, queryClient, userId]);

  const settle = useCallback(() => {
    if (state.step === 'done') queryClient.invalidateQueries({ queryKey: memberKeys.all });
    dispatch({ type: 'reset' });
  }, [state.step, queryClient]);

  return {
    state,
    buy: () => dispatch({ type: 'buy', freshKey: crypto.randomUUID() }),
    back: () => dispatch({ type: 'back' }),
    send,
    settle,
  };
}

/** The member data with newer balances (from a purchase or the catalogue), so the navbar shows them too. */
function withBalances(data: unknown, balances: { iPoints?: number; iRaffleTickets?: number }): unknown {
  const member = data as { registered?: boolean; pUserData?: Record<string, unknown> } | undefined;
  if (!member?.registered || !member.pUserData || balances.iPoints === undefined) return data;
  const { iPoints, iRaffleTickets } = member.pUserData;
  if (iPoints === balances.iPoints && iRaffleTickets === balances.iRaffleTickets) return data;
  return {
    ...member,
    pUserData: { ...member.pUserData, iPoints: balances.iPoints, iRaffleTickets: balances.iRaffleTickets },
  };
}

/** Balances the catalogue brought (read with it) replace older ones in the member data. */
export function useBalancesFrom(
  catalogue: { iPoints: number; iRaffleTickets: number } | undefined,
  userId: string,
): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (catalogue) queryClient.setQueryData(memberKeys.data(userId), (data: unknown) => withBalances(data, catalogue));
  }, [catalogue, userId, queryClient]);
}
