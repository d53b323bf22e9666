/**
 * Shared types of the Event Socket layer: the codec, the client (gateway side) and the
 * server (simulator and test fakes) all speak in these.
 */

/** One frame as FreeSWITCH sends it: headers (names lower-cased), then Content-Length bytes. */
export interface EslFrame {
  headers: Record<string, string>;
  body: Buffer;
}

/** One command as a client sends it: the command line, its headers (lower-cased), an optional body. */
export interface EslCommand {
  line: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** A decoded event, whatever the wire format (plain, json or xml) it came in. */
export interface EslEvent {
  /** Event-Name (for a CUSTOM event: 'CUSTOM'). */
  name: string;
  /** Event-Subclass, for CUSTOM events. */
  subclass?: string;
  /** Decoded values, keys lower-cased ('unique-id', 'variable_cc_seat'). */
  headers: Record<string, string>;
  body: string;
}

export type EventFormat = 'plain' | 'json' | 'xml';

export type LinkState = 'connecting' | 'authenticating' | 'subscribing' | 'ready' | 'backoff' | 'closed';

export type EslErrorCode = 'LINK_DOWN' | 'TIMEOUT' | 'AUTH' | 'REJECTED' | 'PROTOCOL' | 'BAD_COMMAND';

export class EslError extends Error {
  override name = 'EslError';
  constructor(
    readonly code: EslErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The outcome of a bgapi job: `ok` when its body starts with +OK. */
export interface JobResult {
  jobUuid: string;
  ok: boolean;
  body: string;
}
