/** Messages of the report export (server/reports/export-routes.ts): {key: {en, zh}}. */
export default {
  exportFormat: { en: 'must be xlsx or csv', zh: '只能是 xlsx 或 csv' },
  exportTooManyRows: {
    en: 'The export would hold {rows} rows, more than the {max} allowed. Narrow the conditions (for example a shorter date range) and export again.',
    zh: '导出结果共 {rows} 行，超过上限 {max} 行。请缩小查询条件（例如缩短日期范围）后再导出。',
  },
} as const;
