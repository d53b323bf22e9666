import { Input, InputNumber, Select, Space, Switch, TreeSelect } from 'antd';
import type { ComponentType, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Widget } from '../../../schemas/types';
import { baseType, findInTree, type PropertySchema } from '../../../schemas/entity';
import { MenuIcon, MENU_ICONS } from '../../shell/menu-icons';
import { ComponentSelect, I18nKeyInput } from './menu-widgets';
import { useOptions, type OptionItem } from './use-options';

/**
 * The widget registry (STYLE.md 5): a schema's x-widget, or the default for its type
 * (schemas/entity.ts widgetFor), names the component a form or filter bar renders. antd's
 * Form.Item passes value and onChange; `property` is the schema the widget draws from.
 */
export interface WidgetProps {
  property: PropertySchema;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  placeholder?: string;
  /** The label of an enum's value (a report's direction); undefined shows the value. */
  optionLabel?: (value: unknown) => string | undefined;
}

/** Choices of a select: another entity's options (x-options), an enum, or yes/no. */
function useChoices(property: PropertySchema, optionLabel?: WidgetProps['optionLabel']): { options: OptionItem[]; loading: boolean } {
  const { t } = useTranslation();
  const remote = useOptions(property['x-options'] ?? property.items?.['x-options']);
  if (property['x-options'] || property.items?.['x-options']) return remote;
  const values = property.enum ?? property.items?.enum;
  if (values) {
    return { options: values.map((value) => ({ label: value === '' ? t('crud.empty') : (optionLabel?.(value) ?? String(value)), value: value as string | number })), loading: false };
  }
  if (baseType(property) === 'boolean') {
    return { options: [{ label: t('crud.yes'), value: 1 }, { label: t('crud.no'), value: 0 }], loading: false };
  }
  return { options: [], loading: false };
}

/**
 * The value as its option holds it: a value read back from the page's URL is text ('2'), and
 * antd matches options strictly, so a line picked as 2 showed as a bare "2" after a reload.
 */
function asOption(options: readonly OptionItem[], value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => asOption(options, item));
  if (typeof value !== 'string') return value;
  return findInTree(options, (option) => String(option.value) === value)?.value ?? value;
}

/** Yes/no choices stand for true/false: antd keys must be strings or numbers. */
const isBooleanChoice = (property: PropertySchema) => baseType(property) === 'boolean';

function ChoiceSelect({ property, value, onChange, multiple, optionLabel, ...props }: WidgetProps & { multiple?: boolean }) {
  // The form item's aria-required lands on a multiple select's box, a plain div, where ARIA does not allow it (axe: aria-allowed-attr);
  // the field's label already marks it required.
  const { 'aria-required': _required, ...rest } = props as typeof props & { 'aria-required'?: unknown };
  const { options, loading } = useChoices(property, optionLabel);
  const boolean = isBooleanChoice(property);
  const shown = boolean && typeof value === 'boolean' ? Number(value) : asOption(options, value);
  // A list with nothing to choose from takes free entries (tags).
  const mode = multiple ? (options.length === 0 && !loading ? 'tags' : 'multiple') : undefined;
  return (
    <Select
      {...rest}
      value={shown as string | number | undefined}
      onChange={(next: unknown) => onChange?.(boolean && typeof next === 'number' ? next === 1 : next)}
      options={options}
      loading={loading}
      mode={mode}
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ minWidth: 160 }}
    />
  );
}

function ChoiceTree({ property, value, onChange, optionLabel, ...rest }: WidgetProps) {
  const { options, loading } = useChoices(property, optionLabel);
  return (
    <TreeSelect
      {...rest}
      value={asOption(options, value) as string | number | undefined}
      onChange={(next: unknown) => onChange?.(next ?? null)}
      treeData={options}
      fieldNames={{ label: 'label', value: 'value', children: 'children' }}
      loading={loading}
      allowClear
      showSearch
      treeNodeFilterProp="label"
      treeDefaultExpandAll
      style={{ minWidth: 160 }}
    />
  );
}

const ICON_OPTIONS = Object.keys(MENU_ICONS).map((name) => ({
  value: name,
  label: (
    <Space>
      <MenuIcon name={name} />
      {name}
    </Space>
  ),
}));

/**
 * A widget that shows no choices: the choices' labels (optionLabel, given to every widget) are
 * taken off its props before they are spread on an antd input, which would put them on the DOM.
 */
const plain =
  (render: (props: Omit<WidgetProps, 'optionLabel'>) => ReactElement): ComponentType<WidgetProps> =>
  ({ optionLabel: _choices, ...props }) =>
    render(props);

export const WIDGETS: Record<Widget, ComponentType<WidgetProps>> = {
  input: plain(({ property, value, ...rest }) => <Input {...rest} value={value as string} maxLength={property.maxLength} />),
  password: plain(({ property, value, ...rest }) => (
    <Input.Password {...rest} value={value as string} maxLength={property.maxLength} autoComplete="new-password" />
  )),
  textarea: plain(({ property, value, ...rest }) => (
    <Input.TextArea {...rest} value={value as string} maxLength={property.maxLength} autoSize={{ minRows: 2, maxRows: 6 }} />
  )),
  number: plain(({ property, value, ...rest }) => (
    <InputNumber
      {...rest}
      value={value as number | null}
      min={property.minimum}
      max={property.maximum}
      precision={baseType(property) === 'integer' ? 0 : undefined}
      style={{ width: '100%' }}
    />
  )),
  switch: ({ value, onChange, id }) => <Switch id={id} checked={Boolean(value)} onChange={(checked) => onChange?.(checked)} />,
  select: (props) => <ChoiceSelect {...props} />,
  multiselect: (props) => <ChoiceSelect {...props} multiple />,
  treeselect: ChoiceTree,
  icon: plain(({ property: _property, value, ...rest }) => (
    <Select {...rest} value={value as string} options={ICON_OPTIONS} allowClear showSearch optionFilterProp="value" style={{ minWidth: 160 }} />
  )),
  i18nKey: I18nKeyInput,
  component: ComponentSelect,
};
