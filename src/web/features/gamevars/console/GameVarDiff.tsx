import styles from './GameVarsScreen.module.css';

/** JSON shown one value per line, so a diff points at what changed; anything else as typed. */
function lines(type: string, value: string): string[] {
  if (type === 'json') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2).split('\n');
    } catch {
      // Not JSON: shown as typed (the server says why it refuses it).
    }
  }
  if (type === 'array') return value.split(',');
  return [value];
}

type DiffLine = { kind: 'same' | 'old' | 'new'; text: string };

/** A line diff (longest common subsequence): small values, so the quadratic table is fine. */
function diffLines(before: string[], after: string[]): DiffLine[] {
  const n = before.length;
  const m = after.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const row = lcs[i] as number[];
      row[j] =
        before[i] === after[j] ? (lcs[i + 1]?.[j + 1] ?? 0) + 1 : Math.max(lcs[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) {
      out.push({ kind: 'same', text: before[i++] as string });
      j++;
    } else if (i < n && (j === m || (lcs[i + 1]?.[j] ?? 0) >= (lcs[i]?.[j + 1] ?? 0))) {
      // What goes before what comes, as a diff reads.
      out.push({ kind: 'old', text: before[i++] as string });
    } else {
      out.push({ kind: 'new', text: after[j++] as string });
    }
  }
  return out;
}

export function Diff({ type, before, after }: { type: string; before: string | null; after: string }) {
  if (before === after) return <p className={styles.muted}>No change yet: the value is what members get now.</p>;
  const rows = diffLines(before === null ? [] : lines(type, before), lines(type, after));
  return (
    <div className={styles.diff} data-testid="gamevar-diff">
      <p className={styles.diffTitle}>Before → after</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long diff scrolls, so it must be reachable by keyboard */}
      <pre tabIndex={0}>
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines have no identity but their place
          <span key={index} className={styles[row.kind]}>
            {row.kind === 'old' ? (
              <del>− {row.text}</del>
            ) : row.kind === 'new' ? (
              <ins>+ {row.text}</ins>
            ) : (
              `  ${row.text}`
            )}
            {'\n'}
          </span>
        ))}
      </pre>
    </div>
  );
}
