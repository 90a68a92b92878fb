import { useEffect, useState } from 'react';
import type { ChatMessage } from '../../../../protocol/chat';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Notice } from '../../../ui/Notice';

interface Props {
  target: ChatMessage | null;
  /** The member's own name: another member's message says whose it is. */
  myName?: string;
  onClose: () => void;
  onDelete: (iMessageID: number) => Promise<{ ok: true } | { ok: false; message: string }>;
}

/** "Delete this message?": removed for everyone; the server's refusal shows in the dialog. */
export function DeleteMessageDialog({ target, myName, onClose, onDelete }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new target starts without a problem
  useEffect(() => setProblem(null), [target]);

  const confirm = async () => {
    if (!target) return;
    const outcome = await onDelete(target.iMessageID);
    if (outcome.ok) onClose();
    else setProblem(outcome.message);
  };

  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      title="Delete this message?"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm}>
            Delete
          </Button>
        </>
      }
    >
      <p>
        {target && target.sUserName !== myName
          ? `The message by ${target.sUserName} is removed for everyone. Its reports are closed.`
          : 'It is removed for everyone.'}
      </p>
      {problem && <Notice tone="danger">{problem}</Notice>}
    </Dialog>
  );
}
