import { http } from '../app/providers';
import { optionText } from '../../schemas/entity';
import type { BulkBody, CreateOrder, LinkedCall, ListBody, NoteBody, OrderChatBody, OrderChatPage, OrderEvent, OrderRow, OrderTemplate, Overview, TemplateBody, UpdateOrder } from '../../schemas/workorders/wire';
import type { KindField } from '../../schemas/workorders/kind-types';

/** The work-order API (server/workorders/routes.ts), typed by the wire schemas. */
export interface KindInfo {
  id: string;
  title: string;
  fields: Record<string, KindField>;
  required: string[];
  ivr: string;
}
export interface StateInfo {
  id: OrderRow['state'];
  sla: boolean;
  pending: '' | 'reminder' | 'autoClose';
  to: OrderRow['state'][];
}
export interface Catalogue {
  kinds: KindInfo[];
  states: StateInfo[];
}

const call = async <T>(action: string, body: unknown = {}): Promise<T> => (await http.post<T>(`/api/WorkOrder/${action}`, body)).data;

export interface Option { value: number; label: string; labelEn?: string; userName?: string; departId?: number | null }
export interface DispatchOptions { departments: Option[]; owners: Option[] }

/** The dispatch options with each department named in the interface's language (its English name in English). */
export const inLanguage = (options: DispatchOptions, language: string): DispatchOptions => ({
  ...options, departments: options.departments.map((o) => ({ ...o, label: String(optionText(o, language)) })),
});

/** An order's department, named in the interface's language. */
export const departmentName = (order: Pick<OrderRow, 'departName' | 'departNameEn'>, language: string): string =>
  String(optionText({ label: order.departName, labelEn: order.departNameEn }, language));

let catalogue: Promise<Catalogue> | undefined;

export const orderApi = {
  /** Kinds and states, asked once per page load (the language of the kinds' titles is the first request's). */
  catalogue: () => (catalogue ??= call<Catalogue>('getKinds').catch((e: unknown) => {
    catalogue = undefined;
    throw e;
  })),
  dispatch: () => call<DispatchOptions>('getDispatchOptions'),
  list: (body: ListBody) => call<{ records: OrderRow[]; total: number }>('getList', body),
  counts: () => call<Record<Overview, number> & { createdToday: number; closedToday: number }>('getCounts'),
  get: (id: number) => call<{ order: OrderRow; events: OrderEvent[] }>('getById', { id }),
  create: (body: CreateOrder) => call<OrderRow>('create', body),
  update: (body: UpdateOrder) => call<OrderRow>('update', body),
  take: (id: number) => call<OrderRow>('take', { id }),
  transfer: (id: number, departId: number, reason: string) => call<OrderRow>('transfer', { id, departId, reason }),
  sendBack: (id: number, reason: string) => call<OrderRow>('sendBack', { id, reason }),
  note: (body: NoteBody) => call<OrderRow>('addNote', body),
  merge: (id: number, into: number) => call<OrderRow>('merge', { id, into }),
  bulk: (body: BulkBody) => call<OrderRow[]>('bulk', body),
  templates: (kind?: string) => call<OrderTemplate[]>('getTemplates', kind ? { kind } : {}),
  saveTemplate: (body: TemplateBody) => call<OrderTemplate>('saveTemplate', body),
  deleteTemplate: (id: number) => call<{ id: number }>('deleteTemplate', { id }),
  linkCall: (id: number, callId: string) => call<OrderRow>('linkCall', { id, callId }),
  linkedCalls: (id: number) => call<LinkedCall[]>('getLinkedCalls', { id }),
  chat: (body: OrderChatBody) => call<OrderChatPage>('getChat', body),
  /** Attaches a file through the chat files' upload (multipart, one part `file`); it shows on the timeline. */
  attach: async (id: number, file: Blob & { name?: string }) => {
    const form = new FormData();
    form.append('file', file, file.name ?? 'file');
    // Sent as multipart/form-data, the browser adding the boundary (data-providers/http.ts).
    return (await http.post<{ id: string; name: string; size: number }>('/api/File/upload', form, { params: { workOrderId: id } })).data;
  },
};

/** Where an order opens. */
export const orderPath = (id: number) => `/workorder/order/${id}`;
