import type { OrderKind } from '../kind-types.ts';

/** The consultation order (/workorder/consultorder): a customer's question or request, nothing more than the common fields. */
export default {
  id: 'consult',
  title: { zh: '咨询工单', en: 'Consultation order' },
  fields: {},
  required: [],
  order: 10,
} as const satisfies OrderKind;
