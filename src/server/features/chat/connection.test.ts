import { describe, expect, it } from 'vitest';
import { Connection, encode, type LiveSocket, textFrame } from './connection';

/** The `n` of each WebSocket text frame in a written buffer (frames the tests make are short). */
function numbersIn(bytes: Buffer): number[] {
  const out: number[] = [];
  for (let at = 0; at < bytes.length; at += 2 + (bytes[at + 1] as number)) {
    out.push(JSON.parse(String(bytes.subarray(at + 2, at + 2 + (bytes[at + 1] as number)))).n);
  }
  return out;
}

function fakeSocket(options: { stream: boolean } = { stream: true }) {
  const log: string[] = [];
  const socket = {
    readyState: 1,
    bufferedAmount: 0,
    send: (data: Buffer) => log.push(`send ${JSON.parse(String(data)).n}`),
    close: () => log.push('close'),
    terminate: () => log.push('terminate'),
    ping: () => {},
    on: () => {},
    ...(options.stream ? { _socket: { write: (data: Buffer) => log.push(`write ${numbersIn(data).join(',')}`) } } : {}),
  };
  return { socket: socket as unknown as LiveSocket & typeof socket, log };
}

const frame = (n: number, messageId?: number) => ({ data: encode({ n } as never), messageId });

describe('a chat connection', () => {
  it('writes several frames in one write, already framed', () => {
    const { socket, log } = fakeSocket();
    const connection = new Connection(socket);
    connection.deliver([frame(1)]);
    connection.deliver([frame(2), frame(3)]);
    expect(log).toEqual(['write 1', 'write 2,3']);
  });

  it('sends frame by frame through ws when it has no TCP socket to write to', () => {
    const { socket, log } = fakeSocket({ stream: false });
    new Connection(socket).deliver([frame(1), frame(2)]);
    expect(log).toEqual(['send 1', 'send 2']);
  });

  it('holds live frames during a resume and never repeats what the resume carried', () => {
    const { socket, log } = fakeSocket();
    const connection = new Connection(socket);
    connection.hold();
    connection.deliver([frame(1, 10), frame(2)]);
    connection.deliver([frame(3, 12)]);
    expect(log).toEqual([]);
    connection.release(new Set([10, 11]));
    expect(log).toEqual(['write 2,3']);
    const joined = Buffer.concat([frame(4, 11).data.frame, frame(5, 13).data.frame]);
    connection.deliver([frame(4, 11), frame(5, 13)], joined);
    expect(log.slice(1)).toEqual(['write 5']);
  });

  it('drops a socket that lets too much pile up', () => {
    const { socket, log } = fakeSocket();
    socket.bufferedAmount = 2 * 1024 * 1024;
    new Connection(socket).deliver([frame(1)]);
    expect(log).toEqual(['terminate']);
  });
});

describe('a WebSocket text frame', () => {
  it('has the length in 7 bits, 16 bits or 64 bits, as RFC 6455 says', () => {
    for (const [size, header] of [
      [125, [0x81, 125]],
      [126, [0x81, 126, 0, 126]],
      [70_000, [0x81, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70]],
    ] as const) {
      const bytes = textFrame(Buffer.alloc(size, 97));
      expect([...bytes.subarray(0, header.length)]).toEqual(header);
      expect(bytes.length).toBe(header.length + size);
    }
  });
});
