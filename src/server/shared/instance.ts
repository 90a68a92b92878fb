import type { InstanceFigures } from '../http/instanceFigures';

/**
 * This running instance as the capabilities may see it (the status page): its figures, read from
 * the app's metrics, and the moment it starts draining. app.ts creates the probe before the
 * capabilities start and attaches the metrics once they exist; until then it reports no figures.
 */
export interface InstanceProbe {
  startedAt: number;
  /** Null before the app attached its metrics (capabilities starting, or an operator command). */
  figures(): Promise<InstanceFigures | null>;
  /** Heard once, when shutdown begins. */
  onDraining(listener: () => void): () => void;
}

export interface AttachableProbe extends InstanceProbe {
  attach(source: { figures(): Promise<InstanceFigures> }): void;
  /** Shutdown began: tell the listeners. */
  drained(): void;
}

export function instanceProbe(startedAt: number): AttachableProbe {
  let source: { figures(): Promise<InstanceFigures> } | null = null;
  const listeners = new Set<() => void>();
  return {
    startedAt,
    figures: async () => (source ? source.figures() : null),
    onDraining(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    attach(given) {
      source = given;
    },
    drained() {
      for (const listener of listeners) {
        try {
          listener();
        } catch {
          // a listener's failure never stops the shutdown
        }
      }
      listeners.clear();
    },
  };
}
