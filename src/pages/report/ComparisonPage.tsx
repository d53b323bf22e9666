import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { COMPARISON } from '../../../schemas/reports/shared/derived';
import { usePageTitle } from '../../shell/use-page-title';
import { ListView } from '../resource/ListView';
import { comparisonList } from './comparison-list';
import { ExportButton } from './ExportButton';
import { defaultsUrl, reportTranslate } from './report-list';

/**
 * The period comparison screen (menu component 'ComparisonReport'): the generic list with the
 * comparison's filters and KPI rows (comparison-list.ts), and the Export button, which posts the
 * same conditions to api/export/CallInfo/getComparisonByConditions.
 */
export default function ComparisonPage() {
  const { t } = useTranslation();
  const location = useLocation();
  usePageTitle(`reports.${COMPARISON.id}.title`);
  const description = comparisonList(reportTranslate(t));
  // Opened without its ranges: the last 7 days against the 7 before (the schema's defaults).
  const withDefaults = defaultsUrl(COMPARISON, description, location, new Date());
  if (withDefaults) return <Navigate to={withDefaults} replace />;
  return <ListView description={description} headerButtons={<ExportButton report={COMPARISON} />} />;
}
