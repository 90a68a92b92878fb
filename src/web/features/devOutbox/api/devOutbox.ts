/** The dev outbox (development only, this machine only): GET /api/dev/outbox. */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  links: string[];
  createdAt: number;
}

export type Outbox =
  | { status: 'ready'; mail: OutboxMail[] }
  /** Production: there is no outbox. */
  | { status: 'off' }
  /** The portal runs on another machine: its outbox holds everyone's links, so it stays there. */
  | { status: 'elsewhere' }
  | { status: 'error' };

export async function fetchOutbox(): Promise<Outbox> {
  try {
    const response = await fetch('/api/dev/outbox');
    if (response.status === 404) return { status: 'off' };
    if (response.status === 403) return { status: 'elsewhere' };
    const { aMail } = (await response.json()) as { aMail: OutboxMail[] };
    return { status: 'ready', mail: aMail };
  } catch {
    return { status: 'error' };
  }
}
