import type { Db, Queryable } from '../db/index.ts';
import { can } from '../../schemas/access.ts';
import { declaredMenus, type DeclaredMenu, type MenuSource } from '../../schemas/menu-sources.ts';

// Any fixed number (migrate.ts uses another): serialises the sync when several processes start on one PostgreSQL.
const LOCK_KEY = 724_312;

/**
 * Adds the menu rows that schemas declare and that were never added, and allocates each new
 * row (and its parents) to the roles that may read the schema. A key once added is recorded
 * in menu_keys_added, so later starts leave the row as administrators made it, and a row
 * they deleted stays deleted. Parents first, so a schema may sit under another schema's entry.
 * Returns the keys added.
 */
export async function syncSchemaMenus(db: Db, sources: readonly MenuSource[]): Promise<string[]> {
  const menus = declaredMenus(sources);
  if (!menus.length) return [];
  // How many declared ancestors a menu has (a cycle stops counting), so parents are added first.
  const depth = (m: DeclaredMenu, seen: ReadonlySet<string> = new Set()): number => {
    const parent = menus.find((p) => p.key === m.parentKey);
    return !parent || seen.has(parent.key) ? 0 : 1 + depth(parent, new Set([...seen, m.key]));
  };
  const ordered = [...menus].sort((a, b) => depth(a) - depth(b));
  return db.transaction(async (tx) => {
    if (db.engine === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    const roles = await tx.query<{ id: number; code: string; ability: string[] }>(
      `SELECT r.id, r.code, coalesce(array_agg(a.ability) FILTER (WHERE a.ability IS NOT NULL), '{}') AS ability
         FROM roles r LEFT JOIN role_abilities a ON a.role_id = r.id GROUP BY r.id, r.code`);
    const added: string[] = [];
    for (const m of ordered) {
      // ON CONFLICT: should two processes ever pass the lock (PGlite has none), each key is still added once.
      const fresh = await tx.query('INSERT INTO menu_keys_added (menu_key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING menu_key', [m.key]);
      if (!fresh.length) continue;
      const [row] = await insertRow(tx, m);
      if (!row) continue;
      const readers = roles.filter((r) => can({ roles: [r.code], ability: r.ability }, m.readers)).map((r) => r.id);
      await allocate(tx, row.id, readers);
      added.push(m.key);
    }
    return added;
  });
}

function insertRow(tx: Queryable, m: DeclaredMenu) {
  return tx.query<{ id: number }>(
    `INSERT INTO menus (menu_key, parent_id, path, name, component, title, icon, sort_order)
     VALUES ($1, (SELECT id FROM menus WHERE menu_key = $2), $3, $4, $5, $6, $7, $8)
     ON CONFLICT (menu_key) DO NOTHING RETURNING id`,
    [m.key, m.parentKey, m.path, m.name, m.component, m.title, m.icon, m.order],
  );
}

/** The row and its ancestors: a child is only visible under a parent the role also has. */
function allocate(tx: Queryable, menuId: number, roleIds: number[]) {
  return tx.query(
    `WITH RECURSIVE up(id, parent_id) AS (
       SELECT id, parent_id FROM menus WHERE id = $1
       UNION SELECT m.id, m.parent_id FROM menus m JOIN up ON m.id = up.parent_id)
     INSERT INTO role_menus (role_id, menu_id)
     SELECT r, up.id FROM unnest($2::int[]) AS r CROSS JOIN up
     ON CONFLICT DO NOTHING`,
    [menuId, roleIds],
  );
}
