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
import type { Http, QueryParams } from './http';
import { ApiError, userFacing } from './http-error';
import type { Translate } from './translate';
import { blockOf, findInTree, typedConditions, wireId, type EntitySchema, type TreeRow } from '../schemas/entity';
import { buildListBody } from './condition-body';
import { savedRecord, unwrapList } from './envelope';

/**
 * Refine data provider for the condition API: every call is a POST to
 * `api/<module>/<action>` answering `{code, msg, data}`. For a resource generated from an
 * entity schema, module, actions and key field come from its x-resource block; other
 * resources vary requests through `meta` (module, action, idField), never through new methods.
 */
export interface ConditionMeta {
  /** Spec controller, e.g. `userManagement`; defaults to the resource name. */
  module?: string;
  /** Spec action, e.g. `getListByDepartId`; each method has its default. */
  action?: string;
  /** Key field of the records, e.g. `userId`; defaults to `id`. */
  idField?: string;
}

/** The entity schema of a resource name, if it has one (the resource registry's lookup). */
export type SchemaLookup = (resource: string) => EntitySchema | undefined;

/** What a call does; `one` reads records by key through the list action. */
type Kind = 'list' | 'one' | 'save' | 'remove';
const DEFAULT_ACTIONS: Record<Kind, string> = { list: 'getList', one: 'getList', save: 'doEdit', remove: 'doDelete' };

/** Largest page the API serves (API.md); what "no paging" asks of a filtered tree, which answers a flat page. */
const MAX_PAGE_SIZE = 1000;

export function endpoint(apiUrl: string, resource: string, meta: MetaQuery | undefined, defaultAction: string): string {
  const { module, action } = (meta ?? {}) as ConditionMeta;
  return `${apiUrl.replace(/\/+$/, '')}/api/${module ?? resource}/${action ?? defaultAction}`;
}

/**
 * Where a call goes. Refine merges URL query values into `meta`, so for a schema resource
 * the module always comes from the schema, and only list calls may name another action
 * (another list such as getListByDepartId, or the options action).
 */
function targetOf(apiUrl: string, resource: string, meta: MetaQuery | undefined, kind: Kind, schema: EntitySchema | undefined) {
  if (!schema) {
    return { url: endpoint(apiUrl, resource, meta, DEFAULT_ACTIONS[kind]), idField: ((meta ?? {}) as ConditionMeta).idField ?? 'id' };
  }
  const block = blockOf(schema);
  const asked = kind === 'list' ? ((meta ?? {}) as ConditionMeta).action : undefined;
  const action = asked ?? block.actions[kind === 'one' ? 'list' : kind] ?? DEFAULT_ACTIONS[kind];
  return { url: endpoint(apiUrl, resource, { module: block.module, action }, action), idField: block.id };
}

export function createConditionProvider(apiUrl: string, http: Http, t: Translate, schemaOf: SchemaLookup = () => undefined): DataProvider {
  async function fetchList<T>(resource: string, url: string, body: Record<string, unknown>) {
    const list = unwrapList<T>(await post(resource, url, body));
    if (!list) throw new ApiError(t('data.badList', { url }), { statusCode: 500, code: 500, url });
    return list;
  }

  /** Refine shows a rejection's message in its notice: the server's words with field labels, not the API path. */
  const post = async (resource: string, url: string, body: unknown) => {
    try {
      return await http.post(url, body);
    } catch (error) {
      const label = (field: string) => t(`resources.${resource}.fields.${field}`, { defaultValue: field });
      throw error instanceof ApiError ? userFacing(error, label) : error;
    }
  };

  const target = (resource: string, meta: MetaQuery | undefined, kind: Kind) => {
    const schema = schemaOf(resource);
    return { ...targetOf(apiUrl, resource, meta, kind, schema), schema, key: (id: unknown) => wireId(schema, id) };
  };

  return {
    getApiUrl: () => apiUrl,

    getList: async <T extends BaseRecord>({ resource, pagination, filters, sorters, meta }: GetListParams) => {
      const { url, schema } = target(resource, meta, 'list');
      // Filters read back from the page's URL are text: typed by the schema before they go.
      const body = typedConditions(schema?.properties, buildListBody({ pagination, filters, sorters }));
      const wholeTree = schema && blockOf(schema).tree && pagination?.mode === 'off' && !(meta as ConditionMeta | undefined)?.action;
      return fetchList<T>(resource, url, wholeTree ? { pageNo: 1, pageSize: MAX_PAGE_SIZE, ...body } : body);
    },

    // The condition API has no "get one": ask the list for the key, as a one-row page.
    getOne: async <T extends BaseRecord>({ resource, id, meta }: GetOneParams) => {
      const { url, idField, key } = target(resource, meta, 'one');
      const { data } = await fetchList<T>(resource, url, { pageNo: 1, pageSize: 1, [idField]: key(id) });
      // A tree may answer with the node nested in its parents: look for the key itself.
      const record = findInTree(data as TreeRow[], (row) => String(row[idField]) === String(id)) ?? data[0];
      if (!record) throw new ApiError(t('data.notFound', { id }), { statusCode: 404, code: 404, url });
      return { data: record as T };
    },

    getMany: async <T extends BaseRecord>({ resource, ids, meta }: GetManyParams) => {
      const { url, idField, key } = target(resource, meta, 'one');
      const { data } = await fetchList<T>(resource, url, { pageNo: 1, pageSize: ids.length, [idField]: ids.map(key) });
      return { data };
    },

    create: async <T extends BaseRecord, V>({ resource, variables, meta }: CreateParams<V>) => {
      const body = await post(resource, target(resource, meta, 'save').url, variables);
      return { data: savedRecord(body, variables as unknown as T) };
    },

    // The save action updates when the body carries the key, and then only the fields sent.
    update: async <T extends BaseRecord, V>({ resource, id, variables, meta }: UpdateParams<V>) => {
      const { url, idField, key } = target(resource, meta, 'save');
      const sent = { ...(variables as Record<string, unknown>), [idField]: key(id) };
      const body = await post(resource, url, sent);
      return { data: savedRecord(body, sent as unknown as T) };
    },

    deleteOne: async <T extends BaseRecord, V>({ resource, id, meta }: DeleteOneParams<V>) => {
      const { url, idField, key } = target(resource, meta, 'remove');
      await post(resource, url, { ids: [key(id)] });
      return { data: { [idField]: id } as unknown as T };
    },

    deleteMany: async <T extends BaseRecord, V>({ resource, ids, meta }: DeleteManyParams<V>) => {
      const { url, idField, key } = target(resource, meta, 'remove');
      await post(resource, url, { ids: ids.map(key) });
      return { data: ids.map((id) => ({ [idField]: id }) as unknown as T) };
    },

    custom: async <T extends BaseRecord>({ url, method, payload, query, headers }: CustomParams) => {
      const options = {
        // Refine types the query loosely; the client sends plain values and arrays of them (QueryParams).
        ...(query ? { params: query as QueryParams } : {}),
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
