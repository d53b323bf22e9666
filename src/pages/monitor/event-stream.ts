/** One server-sent event as the stream carried it. */
export interface StreamEvent { id?: string; event: string; data: string }

/**
 * Incremental text/event-stream parser (the parts of the format the monitor uses: id, event,
 * data, comments). EventSource cannot send an Authorization header, so the monitor reads the
 * stream with fetch and parses it here. Feed it decoded text as it arrives.
 */
export class EventStreamParser {
  private buffer = '';
  private id: string | undefined;
  private event = '';
  private data: string[] = [];

  push(text: string): StreamEvent[] {
    this.buffer += text;
    const out: StreamEvent[] = [];
    let nl: number;
    while ((nl = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + (this.buffer.startsWith('\r\n', nl) ? 2 : 1));
      if (line === '') {
        if (this.data.length) out.push({ ...(this.id !== undefined ? { id: this.id } : {}), event: this.event || 'message', data: this.data.join('\n') });
        this.event = '';
        this.data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') this.data.push(value);
      else if (field === 'event') this.event = value;
      else if (field === 'id') this.id = value;
    }
    return out;
  }
}
