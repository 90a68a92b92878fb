import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fingerprint, KeyRound, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type AuthError, useAuth } from '../../../../lib/auth';
import { Button } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { Field } from '../../../../ui/Field';
import { Form } from '../../../../ui/Form';
import { Notice } from '../../../../ui/Notice';
import { addPasskey, passkeysQuery, removePasskey, securityKeys } from '../../api/security';
import { authErrorMessage } from '../../model/authErrors';
import styles from './security.module.css';
import { useMemberConfirmation } from './useMemberConfirmation';

const NAME_MAX = 64;

const dateOf = (iso: string | null) => {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime())
    ? date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })
    : null;
};

/** /account's passkeys: the list (named, with when each was added), add one on this device, remove one. */
export function PasskeysCard() {
  const auth = useAuth();
  const userId = auth.user?.id ?? '';
  const queryClient = useQueryClient();
  const list = useQuery({ ...passkeysQuery(userId), enabled: Boolean(userId) });
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const confirmation = useMemberConfirmation();

  const trimmed = name.trim();
  const nameError =
    touched && (trimmed.length === 0 || trimmed.length > NAME_MAX)
      ? `Give the passkey a name of 1 to ${NAME_MAX} characters.`
      : undefined;
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.passkeys(userId) });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (trimmed.length === 0 || trimmed.length > NAME_MAX) return;
    setBusy('add');
    setError(null);
    setDone(null);
    try {
      await confirmation.run(() => addPasskey(trimmed));
      await refresh();
      setAdding(false);
      setName('');
      setTouched(false);
      setDone(`Passkey “${trimmed}” added. You can now log in with it.`);
    } catch (failure) {
      setError(authErrorMessage(failure as AuthError));
    }
    setBusy(null);
  }

  async function remove(id: string, label: string) {
    setBusy(id);
    setError(null);
    setDone(null);
    try {
      await removePasskey(id);
      await refresh();
      setDone(`Passkey “${label}” removed.`);
    } catch (failure) {
      setError(authErrorMessage(failure as AuthError));
    }
    setBusy(null);
  }

  const passkeys = list.data ?? [];
  return (
    <Card className={styles.card}>
      <h2>
        <Fingerprint size={20} aria-hidden="true" />
        Passkeys
      </h2>
      <p className={styles.intro}>
        Log in with your fingerprint, face or device PIN instead of typing your password. Your password keeps working.
      </p>
      {done && <Notice tone="success">{done}</Notice>}
      {error && !adding && <Notice tone="danger">{error}</Notice>}
      {list.isError && <Notice tone="danger">Your passkeys could not be loaded.</Notice>}
      {list.data && passkeys.length === 0 && <p className={styles.empty}>No passkeys yet.</p>}
      {passkeys.length > 0 && (
        <ul className={styles.list} aria-label="Your passkeys">
          {passkeys.map((passkey) => {
            const label = passkey.name || 'Passkey';
            const added = dateOf(passkey.createdAt);
            return (
              <li key={passkey.id}>
                <span className={styles.passkeyName}>
                  <KeyRound size={16} aria-hidden="true" />
                  <span>
                    {label}
                    {added && <span className={styles.meta}>Added {added}</span>}
                  </span>
                </span>
                <Button
                  variant="ghost"
                  busy={busy === passkey.id}
                  aria-label={`Remove passkey ${label}`}
                  onClick={() => remove(passkey.id, label)}
                >
                  <Trash2 size={16} aria-hidden="true" />
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {adding ? (
        <Form
          onSubmit={submit}
          outcome={error ? { tone: 'danger', text: error } : null}
          actions={
            <>
              <Button type="submit" busy={busy === 'add'}>
                Create passkey
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  setAdding(false);
                  setError(null);
                }}
              >
                Cancel
              </Button>
            </>
          }
        >
          <Field
            label="Passkey name"
            name="passkeyName"
            autoComplete="off"
            maxLength={NAME_MAX}
            value={name}
            error={nameError}
            hint="So you can tell your passkeys apart, e.g. “Work laptop”."
            onChange={(e) => setName(e.target.value)}
            autoFocus
          />
        </Form>
      ) : (
        <Button
          variant="secondary"
          onClick={() => {
            setAdding(true);
            setDone(null);
            setError(null);
          }}
          disabled={!list.data}
        >
          <KeyRound size={16} aria-hidden="true" />
          Add a passkey
        </Button>
      )}
      {confirmation.dialog}
    </Card>
  );
}
