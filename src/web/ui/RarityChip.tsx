import styles from './RarityChip.module.css';

/** A collectible's rarity tier as a small coloured chip (the tier name is always written, never colour alone). */
export function RarityChip({ tier, size = 'small' }: { tier: string; size?: 'small' | 'large' }) {
  return (
    <span className={`${styles.chip} ${size === 'large' ? styles.large : ''}`} data-tier={tier.toLowerCase()}>
      {tier}
    </span>
  );
}
