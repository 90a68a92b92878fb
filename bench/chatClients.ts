/**
 * A worker thread of chat clients for bench/chat.ts: it opens its share of the sockets, says
 * hello, then on command sends messages at a steady rate from a few of them and times how long
 * each message takes to reach every socket (the send time travels in the text). It keeps each
 * message's answer (ack or refusal) and, on command, sends the unanswered ones again with the same
 * nonce, as the web client does after a reconnect.
 */
import { parentPort } from 'node:worker_threads';
import WebSocket from 'ws';

export interface Target {
  url: string;
  token: string;
  /** Which instance the socket talks to, so latencies are told apart ("A", "B"). */
  group: string;
}

export type ClientCommand =
  | { cmd: 'connect'; targets: Target[] }
  | { cmd: 'run'; tag: string; channel: string; senders: number; rate: number; durationMs: number; drainMs: number }
  | { cmd: 'resend'; tag: string; waitMs: number }
  | { cmd: 'close' };

/** What the server answered to a phase's messages, by nonce. */
export interface Answers {
  /** The stored message's id. */
  acked: Array<[string, number]>;
  /** The error code. */
  refused: Array<[string, number]>;
  unanswered: string[];
}

export type ClientEvent =
  | { evt: 'connected'; count: number; failed: number }
  | {
      evt: 'ran';
      tag: string;
      sent: number;
      received: Record<string, number>;
      latencies: Record<string, Float64Array>;
      answers: Answers;
    }
  | { evt: 'resent'; tag: string; resent: number; answers: Answers }
  | { evt: 'closed' };

interface Client {
  socket: WebSocket;
  group: string;
}

const port = parentPort;
if (!port) throw new Error('bench/chatClients.ts runs in a worker thread');

const clients: Client[] = [];
const clock = () => performance.timeOrigin + performance.now();
/** The phase being timed: its tag, and per group the latencies seen so far. */
let timing: { tag: string; marker: Buffer; latencies: Map<string, number[]> } | null = null;
const CONNECT_AT_ONCE = 100;
/** Each phase's messages by nonce: who sent it, the frame, and the server's answer once it came. */
const outgoing = new Map<string, Map<string, { client: Client; frame: string; ack?: number; error?: number }>>();

function noteAnswer(text: string): void {
  const frame = JSON.parse(text) as { t: string; sNonce?: string; iMessageID?: number; iErrorCode?: number };
  const tag = frame.sNonce?.split('x')[0];
  const entry = tag === undefined ? undefined : outgoing.get(tag)?.get(frame.sNonce as string);
  if (!entry) return;
  if (frame.t === 'ack') entry.ack = frame.iMessageID;
  else entry.error = frame.iErrorCode;
}

function answersOf(tag: string): Answers {
  const answers: Answers = { acked: [], refused: [], unanswered: [] };
  for (const [nonce, entry] of outgoing.get(tag) ?? []) {
    if (entry.ack !== undefined) answers.acked.push([nonce, entry.ack]);
    else if (entry.error !== undefined) answers.refused.push([nonce, entry.error]);
    else answers.unanswered.push(nonce);
  }
  return answers;
}

function open(target: Target): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${target.url}`, { perMessageDeflate: false });
    const client: Client = { socket, group: target.group };
    socket.on('open', () => socket.send(JSON.stringify({ t: 'hello', sToken: target.token })));
    socket.on('error', () => resolve(false));
    socket.on('message', (data: Buffer) => {
      // 5,000 sockets on the server's own cores: only the frame's start is read as text, and of our
      // timed messages only the send time.
      const head = data.toString('latin1', 0, 14);
      if (head === '{"t":"welcome"') {
        clients.push(client);
        resolve(true);
        return;
      }
      if (head.startsWith('{"t":"ack"') || head.startsWith('{"t":"error"')) return noteAnswer(data.toString());
      if (!timing || head !== '{"t":"message"') return;
      const marker = data.indexOf(timing.marker);
      if (marker < 0) return;
      const from = marker + timing.marker.length;
      const sentAt = Number.parseFloat(data.toString('latin1', from, from + 24));
      let list = timing.latencies.get(client.group);
      if (!list) {
        list = [];
        timing.latencies.set(client.group, list);
      }
      list.push(clock() - sentAt);
    });
  });
}

async function connect(targets: Target[]): Promise<void> {
  let failed = 0;
  for (let i = 0; i < targets.length; i += CONNECT_AT_ONCE) {
    const results = await Promise.all(targets.slice(i, i + CONNECT_AT_ONCE).map(open));
    failed += results.filter((ok) => !ok).length;
  }
  port?.postMessage({ evt: 'connected', count: clients.length, failed } satisfies ClientEvent);
}

async function run(command: Extract<ClientCommand, { cmd: 'run' }>): Promise<void> {
  timing = { tag: command.tag, marker: Buffer.from(`bench ${command.tag} `), latencies: new Map() };
  const senders = clients.slice(0, command.senders);
  const mine = new Map<string, { client: Client; frame: string }>();
  // Only the last phase's messages can be sent again.
  outgoing.clear();
  outgoing.set(command.tag, mine);
  let sent = 0;
  if (senders.length > 0 && command.rate > 0) {
    const start = clock();
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        const elapsed = clock() - start;
        if (elapsed >= command.durationMs) {
          clearInterval(tick);
          resolve();
          return;
        }
        const due = Math.floor((elapsed * command.rate) / 1000);
        for (; sent < due; sent++) {
          const sender = senders[sent % senders.length] as Client;
          const nonce = `${command.tag}x${sent}`.padEnd(8, '0');
          const sText = `bench ${command.tag} ${clock()}`;
          const frame = JSON.stringify({ t: 'send', sNonce: nonce, sChannelID: command.channel, sText });
          mine.set(nonce, { client: sender, frame });
          sender.socket.send(frame);
        }
      }, 2);
    });
  } else {
    await new Promise((resolve) => setTimeout(resolve, command.durationMs));
  }
  await new Promise((resolve) => setTimeout(resolve, command.drainMs));
  const latencies: Record<string, Float64Array> = {};
  const received: Record<string, number> = {};
  for (const [group, list] of timing.latencies) {
    latencies[group] = Float64Array.from(list);
    received[group] = list.length;
  }
  timing = null;
  const answers = answersOf(command.tag);
  port?.postMessage({ evt: 'ran', tag: command.tag, sent, received, latencies, answers } satisfies ClientEvent);
}

/** Sends a phase's unanswered messages again (same nonce, same text) and waits for their answers. */
async function resend(command: Extract<ClientCommand, { cmd: 'resend' }>): Promise<void> {
  const mine = outgoing.get(command.tag) ?? new Map();
  const again = [...mine.values()].filter((e) => e.ack === undefined && e.error === undefined);
  for (const entry of again) entry.client.socket.send(entry.frame);
  const deadline = clock() + command.waitMs;
  while (clock() < deadline && again.some((e) => e.ack === undefined && e.error === undefined)) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const answers = answersOf(command.tag);
  outgoing.delete(command.tag);
  port?.postMessage({ evt: 'resent', tag: command.tag, resent: again.length, answers } satisfies ClientEvent);
}

port.on('message', (command: ClientCommand) => {
  if (command.cmd === 'connect') void connect(command.targets);
  else if (command.cmd === 'run') void run(command);
  else if (command.cmd === 'resend') void resend(command);
  else {
    for (const client of clients) client.socket.terminate();
    clients.length = 0;
    port.postMessage({ evt: 'closed' } satisfies ClientEvent);
  }
});
