/**
 * The few parts of `ws` (installed with @fastify/websocket) that the chat tests and bench use as
 * a client. package.json has no @types/ws; adding `ws` and `@types/ws` as dev dependencies would
 * replace this file.
 */
declare module 'ws' {
  import { EventEmitter } from 'node:events';

  export interface ClientOptions {
    headers?: Record<string, string>;
    perMessageDeflate?: boolean;
  }

  export default class WebSocket extends EventEmitter {
    static readonly CONNECTING: 0;
    static readonly OPEN: 1;
    static readonly CLOSING: 2;
    static readonly CLOSED: 3;
    constructor(address: string, options?: ClientOptions);
    readonly readyState: number;
    readonly bufferedAmount: number;
    send(data: string, callback?: (error?: Error) => void): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    ping(): void;
  }
  export { WebSocket };

  export class WebSocketServer extends EventEmitter {}
  export { WebSocketServer as Server };
  export type ServerOptions = Record<string, unknown>;
}
