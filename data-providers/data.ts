import type {
  BaseRecord,
  CreateParams,
  CustomParams,
  DataProvider,
  DeleteManyParams,
  DeleteOneParams,
  GetListParams,
  GetManyParams,
  GetOneParams,
  MetaQuery,
  UpdateParams,
} from '@refinedev/core';
import type { Http } from '../src/lib/http';
import { ApiError } from '../src/lib/http-error';
import type { Translate } from '../src/lib/translate';
import { buildListBody } from './condition-body';
import { savedRecord, unwrapList } from './envelope';

/**
 * Refine data provider for the condition API: every call is a POST to
 * `api/<module>/<action>` answering `{code, msg, data}`. Requests vary through `meta`
 * (module, action, idField), never through new methods.
 */
export interface ConditionMeta {
  /** Spec controller, e.g. `userManagement`; defaults to the resource name. */
  module?: string;
  /** Spec action, e.g. `getListByDepartId`; each method has its default. */
  action?: string;
  /** Key field of the records, e.g. `userId`; defaults to `id`. */
  idField?: string;
}

export function endpoint(apiUrl: string, resource: string, meta: MetaQuery | undefined, defaultAction: string): string {
  const { module, action } = (meta ?? {}) as ConditionMeta;
  return `${apiUrl.replace(/\/+$/, '')}/api/${module ?? resource}/${action ?? defaultAction}`;
}

function idFieldOf(meta: MetaQuery | undefined): string {
  return ((meta ?? {}) as ConditionMeta).idField ?? 'id';
}

export function createConditionProvider(apiUrl: string, http: Http, t: Translate): DataProvider {
  async function fetchList<T>(url: string, body: Record<string, unknown>) {
    const list = unwrapList<T>(await http.post(url, body));
    if (!list) throw new ApiError(t('data.badList', { url }), { statusCode: 500, code: 500, url });
    return list;
  }

  return {
    getApiUrl: () => apiUrl,

    getList: async <T extends BaseRecord>({ resource, pagination, filters, sorters, meta }: GetListParams) =>
      fetchList<T>(endpoint(apiUrl, resource, meta, 'getList'), buildListBody({ pagination, filters, sorters })),

    // The condition API has no "get one": ask the list for the key, as a one-row page.
    getOne: async <T extends BaseRecord>({ resource, id, meta }: GetOneParams) => {
      const url = endpoint(apiUrl, resource, meta, 'getList');
      const { data } = await fetchList<T>(url, { pageNo: 1, pageSize: 1, [idFieldOf(meta)]: id });
      const [record] = data;
      if (!record) throw new ApiError(t('data.notFound', { id }), { statusCode: 404, code: 404, url });
      return { data: record };
    },

    getMany: async <T extends BaseRecord>({ resource, ids, meta }: GetManyParams) => {
      const url = endpoint(apiUrl, resource, meta, 'getList');
      const { data } = await fetchList<T>(url, { pageNo: 1, pageSize: ids.length, [idFieldOf(meta)]: ids });
      return { data };
    },

    create: async <T extends BaseRecord, V>({ resource, variables, meta }: CreateParams<V>) => {
      const body = await http.post(endpoint(apiUrl, resource, meta, 'doEdit'), variables);
      return { data: savedRecord(body, variables as unknown as T) };
    },

    update: async <T extends BaseRecord, V>({ resource, id, variables, meta }: UpdateParams<V>) => {
      const sent = { ...(variables as Record<string, unknown>), [idFieldOf(meta)]: id };
      const body = await http.post(endpoint(apiUrl, resource, meta, 'doEdit'), sent);
      return { data: savedRecord(body, sent as unknown as T) };
    },

    deleteOne: async <T extends BaseRecord, V>({ resource, id, meta }: DeleteOneParams<V>) => {
      await http.post(endpoint(apiUrl, resource, meta, 'doDelete'), { ids: [id] });
      return { data: { [idFieldOf(meta)]: id } as unknown as T };
    },

    deleteMany: async <T extends BaseRecord, V>({ resource, ids, meta }: DeleteManyParams<V>) => {
      await http.post(endpoint(apiUrl, resource, meta, 'doDelete'), { ids });
      return { data: ids.map((id) => ({ [idFieldOf(meta)]: id }) as unknown as T) };
    },

    custom: async <T extends BaseRecord>({ url, method, payload, query, headers }: CustomParams) => {
      const options = {
        ...(query ? { params: query as Record<string, unknown> } : {}),
        ...(headers ? { headers: headers as Record<string, string> } : {}),
      };
      if (method !== 'get' && method !== 'post') {
        throw new ApiError(t('data.badMethod', { method }), { statusCode: 405, code: 405, url });
      }
      const body = method === 'get' ? await http.get(url, options) : await http.post(url, payload, options);
      return { data: body.data as T };
    },
  };
}
