import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { languageOf } from '../http/language.ts';
import { defaultConditions } from '../../schemas/report-defaults.ts';
import { compile, partFor, type Check } from '../http/validate.ts';
import { conditionsOf, type Conditions } from '../lists/conditions.ts';
import { checkConditions } from './check.ts';
import { fileOf } from './load.ts';
import type { ReportModel } from './model.ts';
import { runReport } from './sql.ts';

/**
 * POST api/<module>/<action> of one report, guarded by its access rule: the condition object
 * (query parameters and body) is validated by the report's schema and checked (dates, ranges)
 * before any SQL runs; the answer is `{list, total, totals?}`.
 */
export function registerReport(app: FastifyInstance, ctx: AppContext, model: ReportModel): void {
  const check: Check<Conditions> = compile(model.validation);
  checkDefaults(model);
  app.post(model.url, { config: { access: model.schema.access } }, async (req) => {
    const lang = languageOf(req);
    const c = conditionsOf(model.validation, req);
    check(c, lang);
    checkConditions(model, c, lang);
    return ok(await runReport(ctx.db, model, c, req.user, lang));
  });
}

/**
 * The report's defaults (x-default, schemas/report-defaults.ts) pass its own validation, so the
 * screen's first request is never refused: checked at start, on today's periods (a period's days
 * are always valid dates in order, whatever the day). Against the part of the validation the
 * defaults use (partFor): the whole compiles at the first request, or once the server is ready.
 */
export function checkDefaults(model: ReportModel): void {
  const defaults = defaultConditions(model.schema.conditions, new Date());
  if (!Object.keys(defaults).length) return;
  try {
    const part: Check<Record<string, unknown>> = compile(partFor(model.validation, defaults));
    part(defaults, 'en');
    checkConditions(model, defaults, 'en');
  } catch (err) {
    const file = fileOf(model.schema);
    throw new Error(`${file ? `${file}: ` : ''}report ${model.schema.id}: its default conditions ${JSON.stringify(defaults)} are refused: ${(err as Error).message}`);
  }
}
