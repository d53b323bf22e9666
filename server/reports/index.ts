import type { Queryable } from '../db/index.ts';
import { loadReportSchemas } from './load.ts';
import { buildReports, type ReportModel } from './model.ts';
import { verifyReports } from './verify.ts';

/** Loads, checks and tries every report schema of the given folders: the server does not start with a broken one. */
export async function loadReports(db: Queryable, dirs: readonly string[]): Promise<ReportModel[]> {
  const models = buildReports(await loadReportSchemas(dirs));
  await verifyReports(db, models);
  return models;
}
