import { useEffect, useId, useState } from 'react';
import type { ConsoleActionInput } from '../../../../protocol/actions';
import type { ConsoleMemberProfile } from '../../../../protocol/console';
import { type Choice, ChoiceGroup } from '../../../ui/ChoiceGroup';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import { useMemberLever } from './api';
import { signed } from './format';
import styles from './LeverFields.module.css';

type Asset = 'points' | 'tickets' | 'item';
type Direction = 'grant' | 'take';

const DIRECTIONS: readonly Choice<Direction>[] = [
  { value: 'grant', label: 'Grant' },
  { value: 'take', label: 'Take back' },
];
const ASSETS: readonly Choice<Asset>[] = [
  { value: 'points', label: 'Points' },
  { value: 'tickets', label: 'Tickets' },
  { value: 'item', label: 'Collectible' },
];

/** What the dialog opens with: a take-back of one item comes from the collectibles tab. */
export interface GrantPreset {
  direction: Direction;
  asset: Asset;
  itemId?: string;
  itemName?: string;
}

const freshKey = () => `console-${crypto.randomUUID()}`;

/**
 * Grant or take back points, tickets or a collectible (memberGrant). One idempotency key per
 * opening of the dialog: a double click, or a retry after a lost answer, grants once.
 */
export function GrantDialog({
  member,
  preset,
  onClose,
  onDone,
}: {
  member: ConsoleMemberProfile;
  preset: GrantPreset | null;
  onClose(): void;
  onDone(message: string): void;
}) {
  const grant = useMemberLever(member.sUserID, 'memberGrant');
  const amountId = useId();
  const targetId = useId();
  const [key, setKey] = useState(freshKey);
  const [direction, setDirection] = useState<Direction>('grant');
  const [asset, setAsset] = useState<Asset>('points');
  const [amount, setAmount] = useState('');
  const [target, setTarget] = useState('');
  const [invalid, setInvalid] = useState('');

  useEffect(() => {
    if (!preset) return;
    setKey(freshKey());
    setDirection(preset.direction);
    setAsset(preset.asset);
    setAmount('');
    setTarget(preset.itemId ?? '');
    setInvalid('');
  }, [preset]);

  const unit = asset === 'points' ? 'point' : 'ticket';
  async function confirm(reason: string) {
    const body: ConsoleActionInput<'memberGrant'> = {
      sUserID: member.sUserID,
      sAsset: asset,
      sKey: key,
      sReason: reason,
    };
    let done: string;
    if (asset === 'item') {
      if (!target.trim()) {
        setInvalid(direction === 'grant' ? 'Give the template to grant.' : 'Give the item to take back.');
        return false;
      }
      body[direction === 'grant' ? 'sTemplateID' : 'sItemID'] = target.trim();
      done =
        direction === 'grant'
          ? `Granted a ${target.trim()} collectible to ${member.sUsername}.`
          : `Took back ${preset?.itemName || target.trim()} from ${member.sUsername}.`;
    } else {
      const size = Number(amount);
      if (!Number.isInteger(size) || size < 1) {
        setInvalid('Give a whole number above 0.');
        return false;
      }
      body.iAmount = direction === 'grant' ? size : -size;
      done = `${signed(Number(body.iAmount), unit)} for ${member.sUsername}.`;
    }
    setInvalid('');
    await grant.mutateAsync(body);
    onDone(done);
  }

  return (
    <ReasonDialog
      open={preset !== null}
      title={`Grant or take back: ${member.sUsername}`}
      description={`Points ${member.iPoints.toLocaleString('en')}, tickets ${member.iTickets.toLocaleString('en')}. Moves through the ledger and shows in the member's statement.`}
      confirmLabel={direction === 'grant' ? 'Grant' : 'Take back'}
      danger={direction === 'take'}
      onClose={onClose}
      onConfirm={confirm}
    >
      <ChoiceGroup
        legend="Direction"
        name="grant-direction"
        choices={DIRECTIONS}
        value={direction}
        onChange={setDirection}
      />
      <ChoiceGroup legend="What" name="grant-asset" choices={ASSETS} value={asset} onChange={setAsset} />
      {asset === 'item' ? (
        <div className={styles.field}>
          <label htmlFor={targetId}>{direction === 'grant' ? 'Template id' : 'Item id'}</label>
          <input
            id={targetId}
            value={target}
            autoComplete="off"
            aria-invalid={invalid ? true : undefined}
            aria-describedby={`${targetId}-hint`}
            onChange={(event) => setTarget(event.target.value)}
          />
          <div id={`${targetId}-hint`} className={invalid ? styles.error : styles.hint}>
            {invalid ||
              (direction === 'grant'
                ? 'A collectible template, e.g. one listed in a member’s collectibles tab.'
                : 'One the member owns (the collectibles tab has a Take back button per item).')}
          </div>
        </div>
      ) : (
        <div className={styles.field}>
          <label htmlFor={amountId}>
            {direction === 'grant' ? `How many ${unit}s to grant` : `How many ${unit}s to take back`}
          </label>
          <input
            id={amountId}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={amount}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={`${amountId}-hint`}
            onChange={(event) => setAmount(event.target.value)}
          />
          <div id={`${amountId}-hint`} className={invalid ? styles.error : styles.hint}>
            {invalid || 'Your role may have a cap per grant.'}
          </div>
        </div>
      )}
    </ReasonDialog>
  );
}
