import { type FormEvent, useEffect, useId, useRef } from 'react';
import {
  type ConsoleStoreCatalogueAnswer,
  type ConsoleStoreItem,
  KIND_LABELS,
  STORE_ITEM_KINDS,
  type StoreItemKind,
} from '../../../../protocol/store';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import { Field } from '../../../ui/Field';
import { LazyMarkdown } from '../../../ui/LazyMarkdown';
import { ArtPicker } from './ArtPicker';
import type { Draft } from './draft';
import styles from './StoreCatalogueScreen.module.css';

interface Props {
  catalogue: ConsoleStoreCatalogueAnswer;
  /** The item edited, null for a new one. */
  item: ConsoleStoreItem | null;
  /** Changes with every Edit or Add pressed: the editor comes into view again. */
  session: object;
  draft: Draft;
  set: (patch: Partial<Draft>) => void;
  errorOf: (field: keyof Draft) => string | undefined;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}

/** The item editor, above the table: its fields, its art and its description with a preview. */
export function ItemEditor({ catalogue, item, session, draft, set, errorOf, onSubmit, onCancel }: Props) {
  const descriptionId = useId();
  const editorRef = useRef<HTMLFormElement>(null);
  // The editor opens above the table: bring it into view with its first field focused.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for each Edit or Add pressed
  useEffect(() => {
    const form = editorRef.current;
    form?.scrollIntoView({ block: 'start' });
    form?.querySelector<HTMLInputElement>('input:not([readonly]), select')?.focus({ preventScroll: true });
  }, [session]);

  return (
    <form ref={editorRef} className={styles.editor} onSubmit={onSubmit} noValidate aria-labelledby="store-editor-title">
      <h2 id="store-editor-title">{item ? `Edit ${item.sName}` : 'Add an item'}</h2>
      <ItemFields catalogue={catalogue} item={item} draft={draft} set={set} errorOf={errorOf} />
      <ArtPicker
        catalogue={catalogue}
        draft={draft}
        onPick={({ name, ...art }) => set({ ...art, ...(name && !draft.name ? { name } : {}) })}
      />
      <div className={styles.description}>
        <div className={styles.textareaField}>
          <label htmlFor={descriptionId}>Description (markdown)</label>
          <textarea
            id={descriptionId}
            className={styles.textarea}
            value={draft.description}
            onChange={(e) => set({ description: e.target.value })}
          />
        </div>
        <section className={styles.preview} aria-label="Description preview">
          <span className={styles.previewLabel}>Preview, as members see it</span>
          <div className={styles.previewBox}>
            {draft.description.trim() ? (
              <LazyMarkdown>{draft.description}</LazyMarkdown>
            ) : (
              <span className={shared.muted}>Nothing yet.</span>
            )}
          </div>
        </section>
      </div>
      <div className={styles.editorActions}>
        <Button type="submit">{item ? 'Save changes' : 'Add item'}</Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

type FieldsProps = Pick<Props, 'catalogue' | 'item' | 'draft' | 'set' | 'errorOf'>;

/** The grid of an item's plain fields: id, kind, name, price, tickets, stock, limit and its sale window. */
function ItemFields({ catalogue, item, draft, set, errorOf }: FieldsProps) {
  const kindId = useId();
  return (
    <div className={styles.grid}>
      <Field
        label="Item id"
        value={draft.id}
        readOnly={item !== null}
        hint={item ? 'An item keeps its id.' : 'a-z, 0-9, _ and -; members never see it.'}
        error={errorOf('id')}
        autoComplete="off"
        onChange={(e) => set({ id: e.target.value })}
      />
      <div className={styles.selectField}>
        <label htmlFor={kindId}>Kind</label>
        <select
          id={kindId}
          className={styles.select}
          value={draft.kind}
          onChange={(e) => {
            const kind = e.target.value as StoreItemKind;
            set(
              kind === 'collectible'
                ? { kind, imagePath: '', templateId: null }
                : { kind, templateId: null, imagePath: catalogue.pDefaultImages[kind].sImagePath },
            );
          }}
        >
          {STORE_ITEM_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      <Field
        label="Name"
        value={draft.name}
        hint={draft.kind === 'collectible' ? 'Empty: the template’s name.' : undefined}
        error={errorOf('name')}
        onChange={(e) => set({ name: e.target.value })}
      />
      <Field
        label="Price (points)"
        inputMode="numeric"
        value={draft.price}
        error={errorOf('price')}
        onChange={(e) => set({ price: e.target.value })}
      />
      {draft.kind !== 'collectible' && (
        <Field
          label="Tickets per unit"
          inputMode="numeric"
          value={draft.tickets}
          error={errorOf('tickets')}
          onChange={(e) => set({ tickets: e.target.value })}
        />
      )}
      <div>
        <Field
          label="Stock"
          inputMode="numeric"
          value={draft.unlimited ? '' : draft.stock}
          disabled={draft.unlimited}
          error={errorOf('stock')}
          hint={item ? 'Units left now; Restock adds to it.' : 'Units for sale.'}
          onChange={(e) => set({ stock: e.target.value })}
        />
        <label className={styles.check}>
          <input type="checkbox" checked={draft.unlimited} onChange={(e) => set({ unlimited: e.target.checked })} />
          Unlimited stock
        </label>
      </div>
      <Field
        label="Per-member limit"
        inputMode="numeric"
        value={draft.limit}
        error={errorOf('limit')}
        onChange={(e) => set({ limit: e.target.value })}
      />
      <Field
        label="On sale from"
        type="datetime-local"
        value={draft.from}
        error={errorOf('from')}
        hint="Empty: from now."
        onChange={(e) => set({ from: e.target.value })}
      />
      <Field
        label="On sale until"
        type="datetime-local"
        value={draft.until}
        error={errorOf('until')}
        hint="Empty: no end."
        onChange={(e) => set({ until: e.target.value })}
      />
    </div>
  );
}
