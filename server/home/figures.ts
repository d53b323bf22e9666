import { HOME_FIGURES, HOME_HOURLY, panelOf, type HomeAnswer, type HomeFigure, type HomeFigureDef, type HomePanel } from '../../schemas/home.ts';
import { periodDays } from '../../schemas/report-defaults.ts';
import { CLOCK_NOW_SQL } from '../../schemas/clock-sql.ts';
import type { Queryable } from '../db/index.ts';
import type { SessionUser } from '../http/access.ts';
import { compile, partFor, type Check } from '../http/validate.ts';
import type { Conditions } from '../lists/conditions.ts';
import { checkConditions } from '../reports/check.ts';
import type { ReportModel } from '../reports/model.ts';
import { runReport } from '../reports/sql.ts';

type Caller = Pick<SessionUser, 'roles' | 'ability' | 'userSeatNo'>;
type Format = HomeFigure['format'];
const FORMATS: readonly string[] = ['number', 'seconds', 'duration', 'percent'];

/** A figure as the server runs it: its report's model and the value's format. */
interface Planned { def: HomeFigureDef; model: ReportModel; format: Format; sum: boolean }

export interface HomePlan { panels: Record<HomePanel, Planned[]>; hourly: ReportModel }

/**
 * Checks the home's figures against the loaded reports, once at start (a figure naming a report
 * or a column that does not exist stops the server): the value is a column the answer carries for
 * the whole period (a totals row, or the one row of an ungrouped one-row report) or `total`; the
 * constant conditions pass the report's own validation; and every report an agent's figure runs
 * narrows an agent to their own seat (`ownSeat`), so an agent's home reads only their seat.
 */
export function planHome(reports: readonly ReportModel[], figures = HOME_FIGURES): HomePlan {
  const byId = new Map(reports.map((m) => [m.schema.id, m]));
  const find = (id: string, where: string) => {
    const model = byId.get(id);
    if (!model) throw new Error(`home: ${where} names unknown report "${id}"`);
    return model;
  };
  /** A report a figure reads or opens: it exists, has today's period, takes the conditions, and narrows an agent to their seat. */
  const source = (panel: HomePanel, where: string, id: string, conditions: HomeFigureDef['conditions']) => {
    const model = find(id, where);
    if (!model.ranges.some((r) => r.from === 'startTime' && r.to === 'endTime')) throw new Error(`home: ${where}: report ${id} has no startTime/endTime period`);
    const withDay = { ...conditions, startTime: '2000-01-01', endTime: '2000-01-01' };
    const part: Check<Record<string, unknown>> = compile(partFor(model.validation, withDay));
    part(withDay, 'en');
    checkConditions(model, withDay, 'en');
    if (panel === 'agent' && !model.schema.ownSeat) throw new Error(`home: ${where}: report ${id} has no ownSeat, so an agent's figure would count every seat`);
    return model;
  };
  const plan = (panel: HomePanel, def: HomeFigureDef): Planned => {
    const where = `figure ${panel}.${def.key}`;
    const model = source(panel, where, def.report, def.conditions);
    const s = model.schema;
    let format: Format = 'number';
    let sum = false;
    if (def.value !== 'total') {
      const column = s.columns.find((c) => c.key === def.value);
      if (!column) throw new Error(`home: ${where}: report ${s.id} has no column "${def.value}"`);
      const whole = s.totals ? column.total === 'kpi' || column.total === 'sum' : !s.groupBy?.length && s.maxRows === 1;
      if (!whole) throw new Error(`home: ${where}: column "${def.value}" of ${s.id} is not a figure of the whole period (a 'kpi' or 'sum' total, or a one-row report)`);
      if (!FORMATS.includes(column.format)) throw new Error(`home: ${where}: column "${def.value}" is not a figure (format ${column.format})`);
      format = column.format as Format;
      // A sum over no rows (no chats today) is nothing: 0, where the report's totals row is empty.
      sum = Boolean(s.totals) && column.total === 'sum';
    }
    // The list a figure opens is checked as its report is.
    if (def.list) source(panel, `${where}'s list`, def.list.report, def.list.conditions);
    return { def, model, format, sum };
  };
  const hourly = find(HOME_HOURLY.report, 'the hourly chart');
  for (const k of [HOME_HOURLY.x, ...HOME_HOURLY.y]) if (!hourly.exprs[k]) throw new Error(`home: the hourly chart's report has no column "${k}"`);
  return {
    panels: { agent: figures.agent.map((d) => plan('agent', d)), centre: figures.centre.map((d) => plan('centre', d)) },
    hourly,
  };
}

/** The panel a user's home shows: the centre's for those who see every seat, else their own seat's. */
export { panelOf };

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The day `date` is in, and the same weekday a week before ('YYYY-MM-DD', the server's zone). */
export function homeDays(date: Date): { day: string; weekBefore: string } {
  const [day] = periodDays('today', date);
  const [weekBefore] = periodDays('today', new Date(date.getFullYear(), date.getMonth(), date.getDate() - 7, 12));
  return { day, weekBefore };
}

/**
 * Runs a panel's figures for today: each report once (figures of one report and conditions share
 * its answer), through the report engine's own statements with the caller, so the figure is the
 * report's and an agent's reports add their own seat.
 */
export async function runFigures(db: Queryable, planned: readonly Planned[], day: string, user: Caller): Promise<HomeFigure[]> {
  const answers = new Map<string, ReturnType<typeof runReport>>();
  const conditionsOf = (def: HomeFigureDef) => ({ ...def.conditions, startTime: day, endTime: day });
  const answerOf = (p: Planned) => {
    const c: Conditions = conditionsOf(p.def);
    const key = `${p.model.schema.id}|${JSON.stringify(c)}`;
    if (!answers.has(key)) answers.set(key, runReport(db, p.model, p.model.schema.paged ? { ...c, pageNo: 1, pageSize: 1 } : c, user));
    return answers.get(key)!;
  };
  return Promise.all(planned.map(async (p): Promise<HomeFigure> => {
    const a = await answerOf(p);
    const value = p.def.value === 'total' ? a.total : num((p.model.schema.totals ? a.totals : a.list[0])?.[p.def.value]) ?? (p.sum ? 0 : null);
    const figure: HomeFigure = { key: p.def.key, group: p.def.group, report: p.def.report, value, format: p.format, conditions: conditionsOf(p.def) };
    if (p.def.list) figure.list = { report: p.def.list.report, conditions: { ...p.def.list.conditions, startTime: day, endTime: day } };
    return figure;
  }));
}

/** The chat waiting longest in the queue now: seconds since it was queued (null: none waits). Business time, as the chats are written. */
const LONGEST_WAIT = `SELECT round(extract(epoch FROM ${CLOCK_NOW_SQL} - min(queued_at))) AS s FROM chats WHERE state = 'on' AND queued_at IS NOT NULL`;

/** The caller's home: their panel's figures for today and, for the centre, the longest chat wait and the hourly chart. */
export async function homeAnswer(db: Queryable, plan: HomePlan, date: Date, user: Caller): Promise<HomeAnswer> {
  const panel = panelOf(user);
  const { day, weekBefore } = homeDays(date);
  const figures = runFigures(db, plan.panels[panel], day, user);
  if (panel === 'agent') return { panel, day, figures: await figures };
  const hours = async (d: string) => {
    const conditions = { startTime: d, endTime: d };
    const a = await runReport(db, plan.hourly, conditions, user);
    const rows = a.list.map((r) => ({ hour: Number(r.hour), offered: Number(r.offered), answered: Number(r.answered) }));
    return { report: plan.hourly.schema.id, conditions, rows };
  };
  const [list, wait, today, lastWeek] = await Promise.all([figures, db.query<{ s: unknown }>(LONGEST_WAIT), hours(day), hours(weekBefore)]);
  return { panel, day, figures: list, longestChatWaitSeconds: num(wait[0]?.s), today, lastWeek };
}

