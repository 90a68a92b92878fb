import { describe, expect, it } from 'vitest';
import { Connection, type LiveSocket } from './hub';

function fakeSocket() {
  const log: string[] = [];
  const socket = {
    readyState: 1,
    bufferedAmount: 0,
    send: (data: Buffer) => log.push(`send ${JSON.parse(String(data)).n}`),
    close: () => log.push('close'),
    terminate: () => log.push('terminate'),
    ping: () => {},
    on: () => {},
    _socket: { cork: () => log.push('cork'), uncork: () => log.push('uncork') },
  };
  return { socket: socket as unknown as LiveSocket & typeof socket, log };
}

const frame = (n: number, messageId?: number) => ({ data: Buffer.from(JSON.stringify({ n })), messageId });

describe('a chat connection', () => {
  it('writes several frames in one corked batch, one frame as is', () => {
    const { socket, log } = fakeSocket();
    const connection = new Connection(socket);
    connection.deliver([frame(1)]);
    connection.deliver([frame(2), frame(3)]);
    expect(log).toEqual(['send 1', 'cork', 'send 2', 'send 3', 'uncork']);
  });

  it('holds live frames during a resume and never repeats what the resume carried', () => {
    const { socket, log } = fakeSocket();
    const connection = new Connection(socket);
    connection.hold();
    connection.deliver([frame(1, 10), frame(2)]);
    connection.deliver([frame(3, 12)]);
    expect(log).toEqual([]);
    connection.release(new Set([10, 11]));
    expect(log).toEqual(['cork', 'send 2', 'send 3', 'uncork']);
    connection.deliver([frame(4, 11), frame(5, 13)]);
    expect(log.slice(4)).toEqual(['send 5']);
  });

  it('drops a socket that lets too much pile up', () => {
    const { socket, log } = fakeSocket();
    socket.bufferedAmount = 2 * 1024 * 1024;
    new Connection(socket).deliver([frame(1)]);
    expect(log).toEqual(['terminate']);
  });
});
