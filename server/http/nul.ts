/**
 * A NUL character cannot be stored in PostgreSQL text, so the server refuses it at the door, as a
 * 400: in JSON text it can only be the escape \u0000 (JSON forbids a raw control character in a
 * string), counted as one when not itself escaped (\\u0000 is a backslash and "u0000").
 */
export const hasNul = (json: string): boolean => /(^|[^\\])(\\\\)*\\u0000/i.test(json);
