import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../../../protocol/routes';
import { MAX_QUANTITY, purchaseRefusal, type StoreItemView } from '../../../../protocol/store';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Notice } from '../../../ui/Notice';
import { blockedSentence, points, quantityChoices } from '../model/labels';
import { type PurchaseState, usePurchase } from '../model/purchase';
import { ItemDetails } from './ItemDetails';
import styles from './ItemDialog.module.css';
import { Confirmation, Outcome } from './PurchaseSteps';

export interface ItemDialogProps {
  item: StoreItemView | null;
  open: boolean;
  onClose(): void;
  member: { userId: string; points: number };
  storeOpen: boolean;
  now: number;
}

const TITLES: Record<PurchaseState['step'], string> = {
  details: '',
  confirm: 'Confirm your purchase',
  buying: 'Confirm your purchase',
  done: 'Purchase complete',
  refused: 'The purchase did not go through',
  unreachable: 'The server did not answer',
};

/** An item's description and the purchase of it: Buy, a confirmation with the balance after, the outcome. */
export function ItemDialog({ item, open, onClose, member, storeOpen, now }: ItemDialogProps) {
  const [quantity, setQuantity] = useState(1);
  const purchase = usePurchase(item, quantity, member.userId);
  const { state } = purchase;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly opened item starts at one unit
  useEffect(() => setQuantity(1), [item?.sStoreItemID]);
  if (!item) return null;

  const close = () => {
    purchase.settle();
    onClose();
  };
  const blocked = purchaseRefusal(item, { points: member.points, open: storeOpen, now, quantity });
  const choices = quantityChoices(item, MAX_QUANTITY);
  const cost = item.iPrice * quantity;

  let body: ReactNode;
  let footer: ReactNode;
  switch (state.step) {
    case 'details':
      body = <ItemDetails item={item} now={now} quantity={quantity} choices={choices} onQuantity={setQuantity} />;
      // Beside the button it explains, so a phone shows it without scrolling the description.
      footer = (
        <>
          {blocked !== null && (
            <div className={styles.why}>
              <Notice tone="warning">{blockedSentence(blocked, item, member.points, quantity)}</Notice>
            </div>
          )}
          <Button onClick={purchase.buy} disabled={blocked !== null}>
            Buy for {points(cost)}
          </Button>
        </>
      );
      break;
    case 'confirm':
    case 'buying':
      body = <Confirmation item={item} quantity={quantity} points={member.points} />;
      footer = (
        <>
          <Button variant="secondary" onClick={purchase.back} disabled={state.step === 'buying'}>
            Back
          </Button>
          <Button onClick={purchase.send} busy={state.step === 'buying'}>
            Confirm purchase
          </Button>
        </>
      );
      break;
    case 'done': {
      const granted = state.answer.pItem;
      body = <Outcome answer={state.answer} item={item} />;
      footer = (
        <>
          <Button variant="secondary" onClick={close}>
            Done
          </Button>
          {granted ? (
            <Link
              className={styles.link}
              to={`${ROUTES.item}?sItemID=${granted.sItemID}`}
              onClick={() => purchase.settle()}
            >
              See it in your inventory
            </Link>
          ) : (
            <Link className={styles.link} to={ROUTES.raffle} onClick={() => purchase.settle()}>
              Go to the raffle
            </Link>
          )}
        </>
      );
      break;
    }
    case 'refused':
      body = <Notice tone="danger">{state.message}</Notice>;
      footer = <Button onClick={purchase.back}>Back to the item</Button>;
      break;
    case 'unreachable':
      body = (
        <Notice tone="warning">
          The server could not be reached, so we do not know yet whether the purchase went through. Try again: it cannot
          be bought twice.
        </Notice>
      );
      footer = <Button onClick={purchase.send}>Try again</Button>;
      break;
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={TITLES[state.step] || item.sName}
      footer={footer}
      wide={state.step === 'details'}
    >
      {body}
    </Dialog>
  );
}
