import type { FromSchema } from 'json-schema-to-ts';

/**
 * A business-hours calendar (Zammad's model): the working days of the week, the working hours
 * of each of them, and holidays, in one time zone. SLA clocks count only the time inside it.
 * Days are ISO weekdays (1 Monday ... 7 Sunday); hours are local "HH:MM", start before end.
 */
export const calendarSchema = {
  $id: 'workOrderCalendar',
  type: 'object',
  properties: {
    timeZone: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z_]+(/[A-Za-z0-9_+-]+){0,2}$' },
    days: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 7 }, minItems: 1, maxItems: 7, uniqueItems: true },
    start: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
    end: { type: 'string', pattern: '^([01][0-9]|2[0-4]):[0-5][0-9]$' },
    holidays: { type: 'array', items: { type: 'string', format: 'date', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }, maxItems: 366, uniqueItems: true },
  },
  required: ['timeZone', 'days', 'start', 'end', 'holidays'],
  additionalProperties: false,
} as const;

export type Calendar = FromSchema<typeof calendarSchema>;

/** The demo's calendar: Monday to Friday, 9:00-18:00 in Shanghai, with the 2026 public holidays. */
export const DEFAULT_CALENDAR: Calendar = {
  timeZone: 'Asia/Shanghai',
  days: [1, 2, 3, 4, 5],
  start: '09:00',
  end: '18:00',
  holidays: [
    '2026-01-01', '2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19', '2026-02-20', '2026-04-06', '2026-05-01',
    '2026-05-04', '2026-05-05', '2026-06-19', '2026-09-25', '2026-10-01', '2026-10-02', '2026-10-05', '2026-10-06', '2026-10-07',
  ],
};
