/** Messages of the report engine: {key: {en, zh}}. */
export default {
  endBeforeStart: { en: 'must not be before {start}', zh: '不能早于 {start}' },
} as const;
