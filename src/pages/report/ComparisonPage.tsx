import { parseTableParams } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { COMPARISON } from '../../../schemas/reports/shared/derived';
import { usePageTitle } from '../../shell/use-page-title';
import { ListView } from '../resource/ListView';
import { comparisonList, defaultComparisonUrl } from './comparison-list';
import { ExportButton } from './ExportButton';
import type { ReportTranslate } from './report-list';

/**
 * The period comparison screen (menu component 'ComparisonReport'): the generic list with the
 * comparison's filters and KPI rows (comparison-list.ts), and the Export button, which posts the
 * same conditions to api/export/CallInfo/getComparisonByConditions.
 */
export default function ComparisonPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  usePageTitle(`reports.${COMPARISON.id}.title`);
  const { parsedFilters } = parseTableParams(search);
  if (!parsedFilters.some((filter) => 'field' in filter && filter.field === 'startTime')) {
    return <Navigate to={defaultComparisonUrl(pathname, new Date())} replace />;
  }
  return <ListView description={comparisonList(((key) => t(key as string)) as ReportTranslate)} headerButtons={<ExportButton report={COMPARISON} />} />;
}
