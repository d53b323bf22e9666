import { DEFAULT_SETTINGS, type Settings } from '../../schemas/signup.ts';
import type { Queryable } from '../db/index.ts';

/** The runtime settings (app_settings), read from the database on every use: every process sees a change at once. */
export async function readSettings(db: Queryable): Promise<Settings> {
  const rows = await db.query<{ name: string; value: unknown }>('SELECT name, value FROM app_settings WHERE name = ANY($1::text[])', [Object.keys(DEFAULT_SETTINGS)]);
  const out: Settings = { ...DEFAULT_SETTINGS };
  for (const r of rows) {
    const key = r.name as keyof Settings;
    if (typeof r.value === typeof DEFAULT_SETTINGS[key]) out[key] = r.value as never;
  }
  return out;
}

/** Writes the settings given (a validated partial), each in one upsert. */
export async function saveSettings(db: Queryable, changes: Partial<Settings>, by: number): Promise<void> {
  for (const [name, value] of Object.entries(changes)) {
    await db.query(
      `INSERT INTO app_settings (name, value, updated_by) VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = now(), updated_by = excluded.updated_by`,
      [name, JSON.stringify(value), by],
    );
  }
}
