import type { Priority, SlaTargets } from './states.ts';

/** Words in both languages (a kind's title, a field's label). */
export interface Words { readonly zh: string; readonly en: string }

/** An extra field of a kind: a JSON-schema scalar with its label; `x-widget: 'date'` for a date. */
export interface KindField {
  readonly type: 'string' | 'integer';
  readonly title: Words;
  readonly maxLength?: number;
  readonly minLength?: number;
  readonly format?: 'date';
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
}

/**
 * A work-order kind, one file in schemas/workorders/kinds/ (or a deployment's ORDER_KIND_DIRS):
 * its id, its words, the fields it adds to the common ones, which of them are required, and
 * SLA targets of its own per priority where the defaults (states.ts DEFAULT_SLA) do not fit.
 */
export interface OrderKind {
  readonly id: string;
  readonly title: Words;
  readonly fields: Readonly<Record<string, KindField>>;
  readonly required: readonly string[];
  readonly sla?: Partial<Record<Priority, SlaTargets>>;
  /** The IVR marker whose calls open this kind's form from the phone (spec: ivrcourt). */
  readonly ivr?: string;
  readonly order: number;
}
