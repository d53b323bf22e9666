import { MenuOutlined } from '@ant-design/icons';
import { CanAccess, useCustomMutation, useInvalidate, useList, type BaseRecord } from '@refinedev/core';
import { Alert, Button, Modal, Spin, Tag, Tree, type TreeDataNode } from 'antd';
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { can, type Grants } from '../../schemas/access';
import { blockOf, type EntitySchema } from '../../schemas/entity';
import { schemaOf } from '../index';

/** POST body {roleId, menuIds} (admin only on the server). */
export const ALLOC_MENU_URL = '/api/menuManagement/allocMenu';

export interface MenuRow {
  id: number;
  title: string;
  /** 'resources/<entity>' for an entity's screens, 'Layout' for a folder, 'Home' and hand-written screens otherwise. */
  component?: string;
  children?: MenuRow[];
}

/**
 * The menus a role may be given: a screen of an entity only when the role may read it
 * (the schema's permissions.read, by the same `can` the server applies), other screens
 * always, a folder when something under it is allowed. Anything else would leave the
 * role an entry that leads to 403, or an empty folder.
 */
export function allowedMenuIds(rows: readonly MenuRow[], grants: Grants, schemaFor: (name: string) => EntitySchema | undefined): Set<number> {
  const allowed = new Set<number>();
  const visit = (row: MenuRow): boolean => {
    const children = (row.children ?? []).map(visit).some(Boolean);
    const entity = row.component?.startsWith('resources/') ? schemaFor(row.component.slice('resources/'.length)) : undefined;
    const own = entity ? can(grants, blockOf(entity).permissions.read) : true;
    const ok = row.children?.length ? children && own : own && row.component !== 'Layout';
    if (ok) allowed.add(row.id);
    return ok;
  };
  rows.forEach(visit);
  return allowed;
}

/** A node and the ids of its ancestors, for every node of the tree. */
function ancestry(rows: readonly MenuRow[], trail: number[] = [], out = new Map<number, number[]>()): Map<number, number[]> {
  for (const row of rows) {
    out.set(row.id, trail);
    ancestry(row.children ?? [], [...trail, row.id], out);
  }
  return out;
}

/**
 * What the tree shows as ticked: the role's menus that are leaves. The tree ticks a
 * parent by itself once all its children are, and a ticked parent would tick them all.
 */
export function checkedLeaves(rows: readonly MenuRow[], menuIds: readonly number[]): number[] {
  const leaves: number[] = [];
  const walk = (list: readonly MenuRow[]) =>
    list.forEach((row) => (row.children?.length ? walk(row.children) : menuIds.includes(row.id) && leaves.push(row.id)));
  walk(rows);
  return leaves;
}

/** What is saved: the ticked menus and every parent above them, without which a child has no place in the menu. */
export function allocatedIds(rows: readonly MenuRow[], checked: readonly Key[]): number[] {
  const parents = ancestry(rows);
  const ids = new Set<number>();
  for (const key of checked) {
    const id = Number(key);
    ids.add(id);
    parents.get(id)?.forEach((parent) => ids.add(parent));
  }
  return [...ids].sort((a, b) => a - b);
}

function MenuDialog({ role, onClose }: { role: BaseRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const { result, query } = useList<MenuRow>({ resource: 'menus', pagination: { mode: 'off' } });
  const rows = result.data;
  const [checked, setChecked] = useState<Key[] | null>(null);
  const shown = checked ?? checkedLeaves(rows, (role.menuIds as number[] | undefined) ?? []);
  const invalidate = useInvalidate();
  const { mutate, mutation } = useCustomMutation();
  const allowed = allowedMenuIds(rows, { roles: [String(role.code)], ability: (role.abilities as string[] | undefined) ?? [] }, schemaOf);
  const toNode = (row: MenuRow): TreeDataNode => {
    const title = t(row.title, { defaultValue: row.title });
    const refused = !allowed.has(row.id);
    return {
      key: row.id,
      // A screen the role cannot open is shown, with why, but cannot be ticked.
      title: refused ? (
        <>
          {title} <Tag color="warning">{t('allocMenu.noAccess')}</Tag>
        </>
      ) : (
        title
      ),
      disableCheckbox: refused,
      children: (row.children ?? []).map(toNode),
    };
  };

  const save = () =>
    mutate(
      {
        url: ALLOC_MENU_URL,
        method: 'post',
        values: { roleId: Number(role.id), menuIds: allocatedIds(rows, shown.filter((key) => allowed.has(Number(key)))) },
        successNotification: () => ({ type: 'success', message: t('allocMenu.saved') }),
      },
      {
        onSuccess: () => {
          void invalidate({ resource: 'roles', invalidates: ['list', 'detail'] });
          onClose();
        },
      },
    );

  return (
    <Modal
      open
      title={t('allocMenu.title', { role: String(role.name ?? role.code ?? role.id) })}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      onOk={save}
      onCancel={onClose}
      okButtonProps={{ loading: mutation.isPending, disabled: query.isLoading, 'data-testid': 'alloc-menus-save' }}
      data-testid="alloc-menus-dialog"
    >
      <Alert type="info" showIcon message={t('allocMenu.hint')} style={{ marginBottom: 12 }} />
      {query.isLoading ? (
        <Spin />
      ) : (
        <Tree
          checkable
          defaultExpandAll
          selectable={false}
          treeData={rows.map(toNode)}
          checkedKeys={shown}
          onCheck={(keys) => setChecked(Array.isArray(keys) ? keys : keys.checked)}
        />
      )}
    </Modal>
  );
}

/** The roles list's "menus" action: a tree of all menus with checkboxes, saved with allocMenu. */
export default function MenuAllocation({ record }: { record: BaseRecord; resource: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <CanAccess resource="roles" action="allocMenu" params={{ rule: ['admin'] }}>
      <Button size="small" icon={<MenuOutlined />} onClick={() => setOpen(true)} data-testid="alloc-menus">
        {t('allocMenu.button')}
      </Button>
      {open && <MenuDialog role={record} onClose={() => setOpen(false)} />}
    </CanAccess>
  );
}
