import type { OrderKind } from '../kind-types.ts';

/**
 * The court order (/workorder/courtOrder, opened by calls whose IVR marker is ivrcourt): a
 * litigation matter, with its case number, court, parties and hearing date. Hearings are fixed
 * dates, so its urgent and high orders must be solved sooner than the defaults.
 */
export default {
  id: 'court',
  title: { zh: '法院工单', en: 'Court order' },
  fields: {
    caseNo: { type: 'string', title: { zh: '案号', en: 'Case number' }, minLength: 1, maxLength: 64 },
    court: { type: 'string', title: { zh: '法院', en: 'Court' }, minLength: 1, maxLength: 128 },
    parties: { type: 'string', title: { zh: '当事人', en: 'Parties' }, maxLength: 500 },
    hearingDate: { type: 'string', title: { zh: '开庭日期', en: 'Hearing date' }, format: 'date', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
  },
  required: ['caseNo', 'court'],
  sla: {
    urgent: { firstResponse: 15, update: 60, solution: 2 * 60 },
    high: { firstResponse: 30, update: 2 * 60, solution: 6 * 60 },
  },
  ivr: 'ivrcourt',
  order: 20,
} as const satisfies OrderKind;
