import type { LoadResult } from './run';
import type { BenchApp } from './support';

export interface Measure {
  name: string;
  /** 'baseline': shown as a ratio to bare node:http; 'kdf': the measure prints its own ratio note. */
  against?: 'baseline' | 'kdf';
  goal?: string;
  run(app: BenchApp, load: (url: string, init?: { method?: string; body?: string; headers?: Record<string, string> }) => Promise<LoadResult>): Promise<LoadResult & { note?: string }>;
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** Each capability adds its measurements here. */
export const measures: Measure[] = [
  {
    name: 'isMaintenance',
    run: (app, load) => load(`${app.url}/api/portal/isMaintenance`, { headers: form, body: '' }),
  },
];
