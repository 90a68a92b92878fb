import type { ClientFrame, ServerFrame } from '../../protocol/chat';
import type { SocketLike } from './memberSocket';

/** A WebSocket a test drives by hand (for the member socket's tests and its users'). */
export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: ClientFrame[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as ClientFrame);
  }
  close(code = 1000, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason } as CloseEvent);
  }
  open() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  receive(frame: ServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
  }
}
