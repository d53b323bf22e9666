/**
 * A WebSocket the test drives: it records what the code under test sends (as text) and opens,
 * answers and drops on demand. The phone and chat benches extend it with their protocol's
 * frames and a list of the sockets they were given.
 */
export class TestSocket {
  readyState = 0;
  readonly sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {}
  send(text: string) {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(text);
  }
  close() {
    this.drop();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  /** The server's frame, as the text it would send. */
  deliver(text: string) {
    this.onmessage?.({ data: text });
  }
  drop() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.();
  }
}
