/** Messages of the report export (server/reports/export-routes.ts): {key: {en, zh}}. */
export default {
  exportFormat: { en: 'must be xlsx or csv', zh: '只能是 xlsx 或 csv' },
  exportTooManyRows: {
    en: 'The export would hold {rows} rows, more than the {max} allowed. Narrow the conditions (for example a shorter date range) and export again.',
    zh: '导出结果共 {rows} 行，超过上限 {max} 行。请缩小查询条件（例如缩短日期范围）后再导出。',
  },
  exportBusyUser: {
    en: 'You already have {max} exports downloading. Wait for one to finish (or cancel it) and export again in {seconds} seconds.',
    zh: '您已有 {max} 个导出正在下载。请等待其中一个完成（或取消）后，{seconds} 秒后再导出。',
  },
  exportBusyServer: {
    en: 'The server is already running {max} exports. Export again in {seconds} seconds.',
    zh: '服务器正在进行 {max} 个导出，请 {seconds} 秒后再导出。',
  },
} as const;
