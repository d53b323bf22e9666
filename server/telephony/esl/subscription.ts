/**
 * One Event Socket connection's event subscription, following mod_event_socket's
 * `event`, `nixevent`, `noevents` and `filter` commands: which events a listener gets,
 * in which format, and the header filters applied after that.
 */
import type { EventFormat } from './types.ts';

const FORMATS: readonly string[] = ['plain', 'json', 'xml'];
/** Event names are upper-case words (CHANNEL_CREATE); anything else is not a keyword. */
const EVENT_NAME = /^[A-Z][A-Z0-9_]*$/;

interface Filter {
  name: string;
  value: string;
}

export class Subscription {
  format: EventFormat = 'plain';
  /** Whether `event` has been sent at all: a listener gets nothing before. */
  enabled = false;
  private all = false;
  private allCustom = false;
  private readonly names = new Set<string>();
  /** Names taken out of ALL by nixevent. */
  private readonly excluded = new Set<string>();
  private readonly subclasses = new Set<string>();
  private filters: Filter[] = [];

  /** `event [plain|json|xml] NAME... [CUSTOM subclass...]`: the reply text. */
  subscribe(words: string[]): string {
    let keys = 0;
    let custom = false;
    words.forEach((word, index) => {
      if (index === 0 && FORMATS.includes(word.toLowerCase())) {
        this.format = word.toLowerCase() as EventFormat;
      } else if (custom) {
        this.subclasses.add(word);
      } else if (EVENT_NAME.test(word)) {
        keys++;
        this.names.add(word);
        this.excluded.delete(word);
        if (word === 'ALL') {
          this.all = true;
          this.allCustom = true;
        }
        if (word === 'CUSTOM') custom = true;
      }
    });
    if (!keys) return '-ERR no keywords supplied';
    this.enabled = true;
    return `+OK event listener enabled ${this.format}`;
  }

  /** `nixevent NAME... [CUSTOM subclass...]`. */
  unsubscribe(words: string[]): string {
    let keys = 0;
    let custom = false;
    for (const word of words) {
      if (custom) {
        this.subclasses.delete(word);
      } else if (EVENT_NAME.test(word)) {
        keys++;
        if (word === 'CUSTOM') custom = true;
        else if (word === 'ALL') {
          this.all = false;
          this.allCustom = false;
          this.names.clear();
          this.excluded.clear();
        } else {
          this.names.delete(word);
          if (this.all) this.excluded.add(word);
        }
      }
    }
    if (!keys) return '-ERR no keywords supplied';
    this.enabled = true;
    return '+OK events nixed';
  }

  /** `noevents`. */
  clear(): string {
    if (!this.enabled) return '-ERR not listening for events';
    this.enabled = false;
    this.all = false;
    this.allCustom = false;
    this.names.clear();
    this.subclasses.clear();
    this.excluded.clear();
    return '+OK no longer listening for events';
  }

  /** `filter <header> <value>`, `filter delete <header> [value]`, `filter delete all`. */
  filter(args: string): string {
    const [first = '', ...rest] = args.trim().split(' ');
    if (first.toLowerCase() === 'delete' && rest.length) {
      const [name = '', ...value] = rest;
      if (name.toLowerCase() === 'all') this.filters = [];
      else {
        const wanted = value.join(' ');
        this.filters = this.filters.filter((f) => f.name !== name.toLowerCase() || (wanted !== '' && f.value !== wanted));
      }
      return `+OK filter deleted. [${name}][${value.join(' ') || '(null)'}]`;
    }
    const [name, ...value] = first.toLowerCase() === 'add' ? rest : [first, ...rest];
    if (!name || !value.length) return '-ERR invalid syntax';
    this.filters.push({ name: name.toLowerCase(), value: value.join(' ') });
    return `+OK filter added. [${name}]=[${value.join(' ')}]`;
  }

  /** Whether an event (headers keyed lower-case) goes to this listener. */
  wants(name: string, subclass: string | undefined, headers: Record<string, string>): boolean {
    if (!this.enabled) return false;
    const listed = (this.all && !this.excluded.has(name)) || this.names.has(name);
    if (!listed) return false;
    if (name === 'CUSTOM' && subclass && !this.allCustom && !this.subclasses.has(subclass)) return false;
    return this.passesFilters(headers);
  }

  /** mod_event_socket's filter rule: with filters set, an event needs a positive match and no negative one. */
  private passesFilters(headers: Record<string, string>): boolean {
    if (!this.filters.length) return true;
    let send = false;
    for (const filter of this.filters) {
      const actual = headers[filter.name];
      if (actual === undefined) continue;
      const positive = !filter.value.startsWith('-');
      const wanted = filter.value.replace(/^[+-]\s*/, '');
      if (send && positive) continue;
      if (matches(actual, wanted)) {
        if (!positive) return false;
        send = true;
      }
    }
    return send;
  }
}

function matches(actual: string, wanted: string): boolean {
  if (wanted.startsWith('/')) {
    const pattern = wanted.replace(/^\/|\/$/g, '');
    try {
      return new RegExp(pattern).test(actual);
    } catch {
      return false;
    }
  }
  return actual.toLowerCase() === wanted.toLowerCase();
}
