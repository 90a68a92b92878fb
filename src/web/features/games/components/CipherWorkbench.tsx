import { useId, useState } from 'react';
import { CURSE_CIPHERS, type CurseCipher, decipher } from '../../../../protocol/curseBreaker';
import styles from './Curse.module.css';

const METHODS: Record<CurseCipher, { label: string; help: string }> = {
  shift: { label: 'Shift', help: 'Pull every letter back the same number of places.' },
  mirror: { label: 'Mirror', help: 'Read the alphabet backwards: A ↔ Z, B ↔ Y.' },
  keyword: { label: 'Keyword', help: 'Pull each letter back by the matching letter of a key word.' },
};

/**
 * A scratchpad for the week's cipher: pick a method and a key, read the ciphertext through it.
 * It never says whether the reading is right; the answer form does, for members.
 */
export function CipherWorkbench({ cipherText }: { cipherText: string }) {
  const id = useId();
  const [method, setMethod] = useState<CurseCipher>('shift');
  const [shift, setShift] = useState(0);
  const [keyword, setKeyword] = useState('');
  const key = method === 'shift' ? String(shift) : method === 'keyword' ? keyword : '';
  const reading = method === 'keyword' && !keyword.trim() ? cipherText : decipher(method, cipherText, key);

  return (
    <section className={styles.workbench} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>The decoder ring</h2>
      <fieldset className={styles.methods}>
        <legend className="visually-hidden">Method</legend>
        {CURSE_CIPHERS.map((m) => (
          <label key={m} className={m === method ? styles.methodOn : styles.method}>
            <input type="radio" name={`${id}-method`} value={m} checked={m === method} onChange={() => setMethod(m)} />
            {METHODS[m].label}
          </label>
        ))}
      </fieldset>
      <p className="muted">{METHODS[method].help}</p>
      {method === 'shift' && (
        <div className={styles.keyRow}>
          <label htmlFor={`${id}-shift`}>Shift back by</label>
          <input
            id={`${id}-shift`}
            type="range"
            min={0}
            max={25}
            value={shift}
            onChange={(e) => setShift(Number(e.target.value))}
          />
          <output htmlFor={`${id}-shift`} className="tabular">
            {shift}
          </output>
        </div>
      )}
      {method === 'keyword' && (
        <div className={styles.keyRow}>
          <label htmlFor={`${id}-key`}>Key word</label>
          <input
            id={`${id}-key`}
            className={styles.keyInput}
            value={keyword}
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            onChange={(e) => setKeyword(e.target.value)}
          />
        </div>
      )}
      <p className={styles.reading} aria-live="polite">
        <span className="visually-hidden">Reading: </span>
        {reading}
      </p>
    </section>
  );
}
