import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { Spin } from 'antd';
import { usePageTitle } from '../../shell/use-page-title';
import { ListView } from '../resource/ListView';
import { useReportCatalogue } from './catalogue-source';
import { ExportButton } from './ExportButton';
import { ReportChart } from './ReportChart';
import { defaultsUrl, reportList, reportTranslate } from './report-list';

/**
 * A report's screen: its list description (report-list.ts) on the generic ListView, with its
 * chart above the table when the schema has a chart hint. The id is the report's schema id
 * (the menu's component `reports/<id>`), described by the server's report catalogue.
 * A catalogue that cannot be loaded throws to the route's error boundary. Reports whose schema has `export: true` get the
 * Export button (ExportButton.tsx: the table's conditions to api/export/<module>/<action>).
 * Opened with no conditions in its address, it first goes to the same screen with its
 * conditions' defaults (defaultsUrl), so its first request carries them.
 */
export default function ReportPage({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { catalogue, error } = useReportCatalogue();
  usePageTitle(`reports.${id}.title`);
  if (error) throw error;
  if (!catalogue) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const report = catalogue.byId(id);
  if (!report) return <Navigate to="/404" replace />;
  const listed = reportList(report, reportTranslate(t), catalogue.byId);
  // The language in the list's query: the server words some values in it (a department's English name), so a switch asks again.
  const description = { ...listed, meta: { ...listed.meta, language: i18n.language } };
  const withDefaults = defaultsUrl(report, description, location, new Date());
  if (withDefaults) return <Navigate to={withDefaults} replace />;
  const { chart } = report;
  return (
    // Keyed by report: two reports are two tables with their own state, never one reused.
    <ListView
      key={id}
      description={description}
      {...(chart ? { extra: (rows, answer) => <ReportChart chart={chart} columns={description.columns} rows={rows} {...(report.paged && answer?.chart ? { whole: { rows: answer.chart, total: answer.total ?? answer.chart.length } } : {})} /> } : {})}
      {...(report.export ? { headerButtons: <ExportButton report={report} /> } : {})}
    />
  );
}
