/**
 * The envelope of every JSON answer of the API, `{code, msg, data}`: 200 on success, else the
 * HTTP status (README "Envelope"). One type for the server that writes it, the browser's client
 * that reads it and the tests.
 */
export interface Envelope<T = unknown> { code: number; msg: string; data: T }
