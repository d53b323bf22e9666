/**
 * The translation function the pure helpers receive, so they stay testable without
 * i18next (tests pass a function that echoes the key and values).
 */
export type Translate = (key: string, values?: Record<string, unknown>) => string;
