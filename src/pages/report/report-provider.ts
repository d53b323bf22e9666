import type { BaseRecord, DataProvider, GetListParams } from '@refinedev/core';
import { buildListBody } from '../../../data-providers/condition-body';
import { endpoint, type ConditionMeta } from '../../../data-providers/data';
import { unwrapList } from '../../../data-providers/envelope';
import type { PropertySchema } from '../../../schemas/types';
import { KNOWN_TOTAL, WITH_CHART } from '../../../schemas/report-types';
import { typedConditions } from '../../../schemas/entity';
import type { Http } from '../../../data-providers/http';
import { ApiError, userFacing } from '../../../data-providers/http-error';
import type { Translate } from '../../../data-providers/translate';

/** What a report list's meta names: its endpoint, and its conditions' schemas (to type what the URL gave back as text). */
export type ReportMeta = ConditionMeta & {
  conditions?: Readonly<Record<string, PropertySchema>>;
  /** Its conditions' labels as the filter bar shows them (the report's own words first): an error names the fields so. */
  labels?: Readonly<Record<string, string>>;
  /** A paged report with a chart: each page comes with the chart's rows (WITH_CHART), in one request. */
  chart?: boolean;
};

/** How long a report's total is named to the server for its later pages (new calls may have come since). */
export const TOTAL_REUSE_MS = 60_000;
/** Totals kept, one per report and conditions: the oldest goes first. */
const TOTALS_KEPT = 50;

/**
 * The 'reports' data provider: a report page's list posts its condition object
 * (`{pageNo, pageSize, ...conditions, sortField, sortOrder}`, as every list does) to the
 * report's endpoint, named in meta, and keeps the answer's totals row beside the page:
 * `{list, total, totals?, chart?}` becomes `{data, total, totals, chart}`; a later page names the total its
 * conditions' earlier page answered (KNOWN_TOTAL). Reports are read-only, so the
 * provider only lists; the app's one HTTP client carries the calls.
 */
export function createReportProvider(apiUrl: string, http: Http, t: Translate, now: () => number = Date.now): DataProvider {
  const readOnly = () => {
    throw new Error('Reports are read-only');
  };
  // The total each report's conditions answered (the page left out), and when: a later page within
  // TOTAL_REUSE_MS names it (KNOWN_TOTAL) and the server skips the count. Page 1 always counts.
  const answered = new Map<string, { total: number; at: number }>();
  return {
    getApiUrl: () => apiUrl,
    getList: async <T extends BaseRecord>({ resource, pagination, filters, sorters, meta }: GetListParams) => {
      const { module, action, conditions, labels = {}, chart } = (meta ?? {}) as ReportMeta;
      if (!module || !action) throw new Error(`Report ${resource}: meta names no endpoint`);
      const url = endpoint(apiUrl, resource, { module, action }, action);
      try {
        // Filters read back from the page's URL are text (a minimum of seconds too): typed by the report's conditions.
        const request: Record<string, unknown> = { ...typedConditions(conditions, buildListBody({ pagination, filters, sorters })), ...(chart ? { [WITH_CHART]: true } : {}) };
        const { pageNo, ...same } = request;
        const key = `${url} ${JSON.stringify(same)}`;
        const earlier = answered.get(key);
        const known = typeof pageNo === 'number' && pageNo > 1 && earlier && now() - earlier.at < TOTAL_REUSE_MS ? earlier.total : undefined;
        const body = await http.post(url, known === undefined ? request : { ...request, [KNOWN_TOTAL]: known });
        const page = unwrapList<T>(body);
        if (!page) throw new ApiError(t('data.badList', { url }), { statusCode: 500, code: 500, url });
        if (known === undefined || page.total !== known) {
          answered.delete(key);
          answered.set(key, { total: page.total, at: now() });
          if (answered.size > TOTALS_KEPT) answered.delete(answered.keys().next().value!);
        }
        const { totals, chart: chartRows } = (body.data ?? {}) as { totals?: Record<string, unknown>; chart?: T[] };
        return { ...page, ...(totals ? { totals } : {}), ...(Array.isArray(chartRows) ? { chart: chartRows } : {}) };
      } catch (error) {
        // The server's field names read as the filter bar's labels (the report's own words: "To", not "End date").
        const label = (field: string) => labels[field] ?? t(`reports.conditions.${field}`, { defaultValue: field });
        throw error instanceof ApiError ? userFacing(error, label, Object.keys(labels)) : error;
      }
    },
    getOne: readOnly,
    create: readOnly,
    update: readOnly,
    deleteOne: readOnly,
  };
}
