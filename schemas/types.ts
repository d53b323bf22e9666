import type { AccessRule } from './access.ts';

/**
 * The entity schema format: a JSON Schema object (the record as it travels on the wire)
 * with an `x-resource` block that tells the server which endpoints, table and permissions it
 * has and tells the browser how to list, filter and edit it. README "Entity schemas" has a
 * complete example. Written `as const satisfies EntitySchema` so FromSchema infers the row.
 */

/**
 * Form widgets the browser's registry knows (i18nKey: an i18n key shown with its translation;
 * component: a name of the console's component registry); properties without one get a default by type.
 */
/**
 * On a listed row of an entity whose module says which rows a caller may change (EntityHooks.canWrite
 * on the server): false when the caller may read the row but not edit or delete it, so the screens
 * leave those actions out instead of offering a refusal.
 */
export const ROW_WRITABLE = 'rowWritable';

export type Widget = 'input' | 'password' | 'textarea' | 'number' | 'switch' | 'select' | 'multiselect' | 'treeselect' | 'icon' | 'i18nKey' | 'component';

/** Spec section 5 validators; the browser shows their messages, the pattern or format enforces them on both sides. */
export type ValidatorName = 'phone' | 'email' | 'chineseName' | 'password' | 'ip' | 'port' | 'url' | 'idCard' | 'decimal2' | 'name' | 'digits' | 'verifyCode';

export interface PropertySchema {
  readonly type: string | readonly string[];
  readonly title?: string;
  readonly description?: string;
  readonly enum?: readonly unknown[];
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
  readonly items?: PropertySchema;
  readonly properties?: Readonly<Record<string, PropertySchema>>;
  readonly additionalProperties?: boolean;
  readonly required?: readonly string[];
  readonly default?: unknown;
  /** Returned but never accepted in a save (server-made values). */
  readonly readOnly?: boolean;
  /** Accepted but never returned (passwords). */
  readonly writeOnly?: boolean;
  /** SQL column when it is not the snake_case of the property name. */
  readonly 'x-column'?: string;
  /** Read-only value computed in SQL over the entity's row (alias `t`), e.g. a line's prefix. Trusted: schema files are code. */
  readonly 'x-select'?: string;
  /**
   * A list kept in a link table instead of a column: rows (self = this id, column = value).
   * With `lookup`, the wire values are `lookup.key` of another table and `column` holds its id.
   */
  readonly 'x-link'?: { readonly table: string; readonly self: string; readonly column: string; readonly lookup?: { readonly table: string; readonly key: string } };
  readonly 'x-widget'?: Widget;
  /** Where a select's options come from: the `name` of another entity (its options action). */
  readonly 'x-options'?: string;
  readonly 'x-validator'?: ValidatorName;
  /** The stored values are i18n keys (e.g. a menu title 'menu.home'): lists and show pages translate them. */
  readonly 'x-i18n'?: boolean;
}

export type FilterOp = 'eq' | 'like' | 'in';

export interface ResourceBlock {
  /** Refine resource name; i18n keys are resources.<name>.fields.<property>. */
  readonly name: string;
  /** Spec controller: every action is POST api/<module>/<action>. */
  readonly module: string;
  /** Other controllers the spec names the same actions under: each action is also POST api/<alias>/<action>. */
  readonly aliases?: readonly string[];
  /** Generic actions and their spec names. `options` answers [{label, value}]. */
  readonly actions: { readonly list: string; readonly save?: string; readonly remove?: string; readonly options?: string };
  readonly table: string;
  /** Wire name of the id property. */
  readonly id: string;
  /** Spec access rules per kind of action (read = list, show, options). */
  readonly permissions: { readonly read: AccessRule; readonly write?: AccessRule; readonly remove?: AccessRule; readonly options?: AccessRule };
  /**
   * The schema's side-menu entry, its one source: at startup the server adds the row when it is
   * missing (server/menus/schema-menus.ts), allocated to the roles that may read; after that
   * administrators own it (title, order, icon, hidden, allocations; deleting it is final).
   */
  readonly menu?: {
    /** Route path; the generic pages live under it. */
    readonly path: string;
    /** The parent menu's key: a built-in group ('system') or another schema's name; absent or unknown = top level. */
    readonly parent?: string;
    readonly icon: string;
    readonly order: number;
    /** i18n key of the entry's title; default `menu.<name>`. */
    readonly title?: string;
    /** Route name; default the last path segment in PascalCase ('/system/user' → 'User'). */
    readonly name?: string;
    /** Component registry name; default the generic pages, `resources/<name>`. */
    readonly component?: string;
  };
  readonly list: {
    readonly columns: readonly string[];
    readonly filters?: readonly { readonly field: string; readonly op: FilterOp }[];
    readonly sorters?: readonly string[];
    readonly defaultSort?: { readonly field: string; readonly order: 'asc' | 'desc' };
  };
  /** Form fields in order; default: every property that is not readOnly. */
  readonly form?: { readonly fields: readonly string[] };
  /** A tree: the parent id property and the sibling order property; lists answer the whole tree. */
  readonly tree?: { readonly parent: string; readonly order?: string };
  /**
   * Option lists: which properties give the label and the value, and (SQL over alias t, trusted)
   * which rows qualify. `labelEn`: the property holding the label for the English interface; the
   * options answer it as `labelEn` beside `label`, and the console shows it to English users (the
   * label where it is empty).
   */
  readonly options?: { readonly label: string; readonly labelEn?: string; readonly value: string; readonly where?: string };
  /** Properties whose values must be unique (a clash answers 409). */
  readonly unique?: readonly string[];
  /** Tables whose column points at this entity's id: deleting a row still referenced is refused. */
  readonly usedBy?: readonly { readonly table: string; readonly column: string; readonly what: string }[];
}

export interface EntitySchema {
  readonly $id: string;
  readonly type: 'object';
  readonly 'x-resource': ResourceBlock;
  readonly properties: Readonly<Record<string, PropertySchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties: false;
}
