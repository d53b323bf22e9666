import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { anyUser } from '../http/access.ts';
import { ok } from '../http/envelope.ts';
import { languageOf, message, type Language } from '../http/language.ts';
import { bodyOf, compile, invalid, type Check } from '../http/validate.ts';
import { ADMIN_WRITE, SEES_EVERY_ORDER, seesAllOrders } from '../../schemas/permissions.ts';
import { calendarSchema, type Calendar } from '../../schemas/workorders/calendar.ts';
import { ORDER_STATES, PRIORITIES, SOURCES } from '../../schemas/workorders/states.ts';
import {
  bulkSchema, createOrderSchema, listSchema, mergeSchema, noBodySchema, noteSchema, orderIdSchema, OVERVIEWS, sendBackSchema, slaSettingsSchema, transferSchema, updateOrderSchema,
  linkCallSchema, orderChatSchema, templateListSchema, templateSchema, type TemplateBody, type LinkCallBody, type OrderChatBody, type BulkBody, type CreateOrder, type ListBody, type NoteBody, type OrderRow, type UpdateOrder,
} from '../../schemas/workorders/wire.ts';
import type { FromSchema } from 'json-schema-to-ts';
import { OrderActions } from './actions.ts';
import { chatPage, linkedCalls } from './linked.ts';
import { deleteTemplate, listTemplates, saveTemplate } from './templates.ts';
import { hasWorkingTime } from './business-hours.ts';
import { loadKinds } from './kinds.ts';
import { listOrders, overviewCounts } from './list.ts';
import { reachOf, reachWhere } from './reach.ts';
import { NOTICE_SELECT, OrderLiveHub } from './live.ts';
import { openSessionStream } from '../http/event-stream.ts';
import { sessionWatch } from '../http/token-session.ts';
import type { MonitorEnd } from '../../schemas/protocol/seat-monitor.ts';
import { eventsOf } from './rows.ts';
import { errorAsSeen, isMasked, listAsSeen, maskPhone, orderAsSeen, seesPhoneOf } from './phones.ts';
import { readSettings, writeSetting } from './settings.ts';
import { recomputeAll, sweepOrders } from './sweep.ts';

const createBody: Check<CreateOrder> = compile(createOrderSchema);
const updateBody: Check<UpdateOrder> = compile(updateOrderSchema);
const noBody: Check<FromSchema<typeof noBodySchema>> = compile(noBodySchema);
const idBody: Check<FromSchema<typeof orderIdSchema>> = compile(orderIdSchema);
const noteBody: Check<NoteBody> = compile(noteSchema);
const transferBody: Check<FromSchema<typeof transferSchema>> = compile(transferSchema);
const sendBackBody: Check<FromSchema<typeof sendBackSchema>> = compile(sendBackSchema);
const mergeBody: Check<FromSchema<typeof mergeSchema>> = compile(mergeSchema);
const bulkBody: Check<BulkBody> = compile(bulkSchema);
const listBody: Check<ListBody> = compile(listSchema);
const chatBody: Check<OrderChatBody> = compile(orderChatSchema);
const linkCallBody: Check<LinkCallBody> = compile(linkCallSchema);
const templateBody: Check<TemplateBody> = compile(templateSchema);
const templateListBody: Check<FromSchema<typeof templateListSchema>> = compile(templateListSchema);
const calendarBody: Check<Calendar> = compile(calendarSchema);
const slaBody: Check<FromSchema<typeof slaSettingsSchema>> = compile(slaSettingsSchema);

/**
 * The live stream's timing: a comment line every `heartbeatMs` (and the login checked again), and
 * every stream's counts read again every `refreshMs` (an SLA deadline passes without a write).
 * Tests shorten them.
 */
export const liveTiming = { heartbeatMs: 15_000, refreshMs: 60_000 };

/** How often each process runs the work-order sweep (pending close, reminders). */
export const ORDER_SWEEP_MS = 30_000;

/**
 * The work-order system's API, `POST /api/WorkOrder/<action>` (README "Work orders"): every
 * logged-in user may call it, and what each one reaches is decided per order (reach.ts).
 * Settings (calendar, SLA targets) are an administrator's.
 */
export default async function workOrderRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const kinds = await loadKinds(ctx.config.orderKindDirs);
  const orders = new OrderActions({ db: ctx.db, clock: ctx.clock, timeZone: ctx.config.timeZone, kinds });
  const post = <T>(action: string, handler: (req: FastifyRequest, lang: ReturnType<typeof languageOf>) => Promise<T>, access = anyUser) =>
    app.post(`/api/WorkOrder/${action}`, { config: { access } }, async (req) => {
      try {
        return ok(await handler(req, languageOf(req)));
      } catch (err) {
        throw errorAsSeen(req.user!, err);
      }
    });
  const body = (req: FastifyRequest) => bodyOf(req) as Record<string, unknown>;
  /** A route whose body is checked by its schema first (400 naming each field, nothing done). */
  const checked = <B, T>(action: string, check: Check<B>, handler: (req: FastifyRequest, lang: Language, b: B) => Promise<T>, access = anyUser) =>
    post(action, async (req, lang) => {
      const b = body(req);
      check(b, lang);
      return handler(req, lang, b);
    }, access);

  checked('getKinds', noBody, async (req) => ({
    kinds: [...kinds.values()].map(({ kind }) => ({ id: kind.id, title: kind.title[languageOf(req)], fields: kind.fields, required: kind.required, ivr: kind.ivr ?? '' })),
    states: Object.entries(ORDER_STATES).map(([id, r]) => ({ id, sla: r.sla, pending: 'pending' in r ? r.pending : '', to: r.to })),
    priorities: PRIORITIES, sources: SOURCES, overviews: OVERVIEWS,
  }));
  // Where an order may go: the departments that take work orders, and the people who may own one (their staff, and supervisors).
  checked('getDispatchOptions', noBody, async () => ({
    departments: await ctx.db.query('SELECT id AS value, name AS label, name_en AS "labelEn" FROM departments WHERE work_orders ORDER BY sort_order, id'),
    owners: await ctx.db.query(
      `SELECT u.id AS value, u.user_chinese_name AS label, u.user_name AS "userName", u.depart_id AS "departId" FROM users u
        LEFT JOIN departments d ON d.id = u.depart_id
        WHERE d.work_orders OR EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id AND r.code = ANY($1::text[]))
        ORDER BY u.depart_id NULLS LAST, u.id`, [[...SEES_EVERY_ORDER]]),
  }));
  /** An order, or a bulk change's orders, with the customer's number as the user may read it (phones.ts). */
  const seen = <T extends OrderRow | OrderRow[]>(req: FastifyRequest, value: T): T => orderAsSeen(req.user!, value);
  /** A masked number (as a user without the PHONE ability reads it) is never written over the real one. */
  const realPhone = (lang: Language, phone: string | undefined) => {
    if (isMasked(phone)) throw invalid(lang, { phone: message(lang, 'woMaskedPhone') });
  };
  checked('create', createBody, async (req, lang, b) => {
    realPhone(lang, b.phone);
    return seen(req, await orders.create(req.user!, lang, b));
  });
  checked('getList', listBody, async (req, _lang, b) => {
    const list = await listOrders(ctx.db, await orders.reach(req.user!), b, (await readSettings(ctx.db)).calendar, ctx.clock.date());
    return { ...list, records: listAsSeen(req.user!, list.records) };
  });
  checked('getCounts', noBody, async (req) => overviewCounts(ctx.db, await orders.reach(req.user!), ctx.clock.date()));
  checked('getById', idBody, async (req, lang, b) => ({ order: seen(req, await orders.get(req.user!, lang, b.id)), events: await eventsOf(ctx.db, b.id) }));
  // The order's linked calls and one page of its linked chat's transcript, read now (item 4); 403 outside reach.
  // The calls' numbers are the customer's: masked exactly when the order's number is for this user (phones.ts).
  checked('getLinkedCalls', idBody, async (req, lang, b) => {
    const order = await orders.get(req.user!, lang, b.id);
    const full = seesPhoneOf(req.user!, order);
    return (await linkedCalls(ctx.db, b.id)).map((c) => (full ? c : { ...c, phoneNo: maskPhone(c.phoneNo) }));
  });
  checked('getChat', chatBody, async (req, lang, b) => chatPage(ctx.db, (await orders.get(req.user!, lang, b.id)).chatId, b.after ?? 0, b.limit ?? 50));
  checked('linkCall', linkCallBody, async (req, lang, b) => seen(req, await orders.linkCall(req.user!, lang, b.id, b.callId)));
  checked('update', updateBody, async (req, lang, b) => {
    realPhone(lang, b.phone);
    return seen(req, await orders.update(req.user!, lang, b));
  });
  checked('take', idBody, async (req, lang, b) => seen(req, await orders.take(req.user!, lang, b.id)));
  checked('transfer', transferBody, async (req, lang, b) => seen(req, await orders.transfer(req.user!, lang, b.id, b.departId, b.reason)));
  checked('sendBack', sendBackBody, async (req, lang, b) => seen(req, await orders.sendBack(req.user!, lang, b.id, b.reason)));
  checked('addNote', noteBody, async (req, lang, b) => seen(req, await orders.note(req.user!, lang, b)));
  checked('merge', mergeBody, async (req, lang, b) => seen(req, await orders.merge(req.user!, lang, b.id, b.into)));
  checked('bulk', bulkBody, async (req, lang, b) => seen(req, await orders.bulk(req.user!, lang, b)));
  // The user's unread notices, of orders still within their reach (one moved to another department since is not shown).
  checked('getNotices', noBody, async (req) => {
    const params: unknown[] = [req.user!.userId];
    return ctx.db.query(`${NOTICE_SELECT} WHERE n.user_id = $1 AND n.read_at IS NULL AND ${reachWhere(reachOf(req.user!), params)} ORDER BY n.id DESC LIMIT 100`, params);
  });

  // Live counts and notices (live.ts): an event stream per browser, fed from every process through LISTEN/NOTIFY.
  const live = new OrderLiveHub({ db: ctx.db, clock: ctx.clock, onError: (err) => app.log.error({ err }, 'work-order live update not delivered'), refreshMs: liveTiming.refreshMs });
  await live.start();
  const sessions = await sessionWatch(app, ctx);
  const streams = new Set<() => void>();
  // Streams never end by themselves: end them before the server waits for its connections (as the seat monitor's).
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
    await live.stop();
  });
  app.get('/api/WorkOrder/events', { config: { access: anyUser } }, async (req, reply) => {
    const user = req.user!;
    // The login's end ends the stream; so does a change of what the user reaches (roles, department): the browser opens a new one.
    const all = seesAllOrders(user);
    const { stream, release } = openSessionStream(req, reply, {
      heartbeatMs: liveTiming.heartbeatMs, sessions, open: streams,
      watch: { seat: null, admits: (fresh) => seesAllOrders(fresh) === all && fresh.departId === user.departId },
      endReason: (why): MonitorEnd['reason'] => (why === 'ended' ? 'session' : 'role'),
    });
    release(live.add({ user, stream }));
  });
  // Templates for common orders (item 5): everyone who creates orders reads them, administrators keep them.
  checked('getTemplates', templateListBody, async (_req, _lang, b) => listTemplates(ctx.db, b.kind));
  checked('saveTemplate', templateBody, async (_req, lang, b) => saveTemplate(ctx.db, kinds, lang, b, ctx.clock.date()), ADMIN_WRITE);
  checked('deleteTemplate', idBody, async (_req, lang, b) => deleteTemplate(ctx.db, lang, b.id), ADMIN_WRITE);
  checked('getSettings', noBody, async () => readSettings(ctx.db));
  // An administrator's change of the calendar or the targets: saved, then every running clock computed again.
  checked('saveCalendar', calendarBody, async (_req, lang, b) => {
    if (!hasWorkingTime(b)) throw invalid(lang, { end: message(lang, 'woCalendar') });
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: b.timeZone });
    } catch {
      throw invalid(lang, { timeZone: message(lang, 'invalidValue') });
    }
    await ctx.db.transaction((tx) => writeSetting(tx, 'calendar', b, ctx.clock.date()));
    return { recomputed: await recomputeAll(ctx.db, kinds, undefined, 'running') };
  }, ADMIN_WRITE);
  checked('saveSla', slaBody, async (_req, _lang, b) => {
    await ctx.db.transaction((tx) => writeSetting(tx, 'sla', b, ctx.clock.date()));
    return { recomputed: await recomputeAll(ctx.db, kinds) };
  }, ADMIN_WRITE);

  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepOrders(ctx.db, ctx.clock.date())
      .catch((err: unknown) => app.log.warn({ err }, 'work-order sweep failed'))
      .finally(() => (running = false));
  }, ORDER_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
