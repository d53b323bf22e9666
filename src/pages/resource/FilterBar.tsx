import { FilterOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Space, type FormProps } from 'antd';
import dayjs from 'dayjs';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterControl } from '../../lib/list-filters';
import type { FilterDescription } from './list-description';
import { WIDGETS, type WidgetProps } from './widgets';
import { useNarrow } from '../../shell/use-narrow';

const DAY = 'YYYY-MM-DD';

/** A filter control is a form widget, except that text filters can be cleared in one click. */
const CONTROLS: Record<FilterControl, ComponentType<WidgetProps>> = {
  text: ({ property: _property, value, ...rest }) => <Input {...rest} value={value as string} allowClear />,
  select: WIDGETS.select,
  treeselect: WIDGETS.treeselect,
  multiselect: WIDGETS.multiselect,
  // The value stays the wire's 'YYYY-MM-DD' text (also as read back from the URL); the picker works on dayjs.
  date: ({ property: _property, value, onChange, ...rest }) => (
    <DatePicker
      {...rest}
      value={typeof value === 'string' && value ? dayjs(value) : null}
      onChange={(day) => onChange?.(day ? day.format(DAY) : undefined)}
      format={DAY}
    />
  ),
};

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/**
 * A list's filter bar (an entity's x-resource.list.filters, a report's conditions); Search
 * applies it, Reset clears it. On a phone it starts folded behind a Filters button (counting
 * the filters in use), so the rows, not six inputs, fill the first screen; the form stays
 * mounted either way, since it holds the filters read back from the URL.
 */
export function FilterBar({ filters, formProps, searchLabel }: { filters: readonly FilterDescription[]; formProps: FormProps; searchLabel?: string | undefined }) {
  const { t } = useTranslation();
  const phone = useNarrow();
  const [unfolded, setUnfolded] = useState(false);
  const values = Form.useWatch([], { form: formProps.form, preserve: true }) as Record<string, unknown> | undefined;
  if (filters.length === 0) return null;
  const inUse = filters.filter(({ key }) => isSet(values?.[key])).length;
  const folded = phone && !unfolded;
  return (
    <>
      {phone && (
        <Button icon={<FilterOutlined />} onClick={() => setUnfolded(!unfolded)} style={{ marginBottom: 12 }} data-testid="filter-toggle" aria-expanded={!folded}>
          {inUse > 0 ? t('crud.filtersInUse', { count: inUse }) : t('crud.filters')}
        </Button>
      )}
      {/* Named, so its fields' ids (filters_userName) differ from those of a form on the same page. */}
      <Form {...formProps} name="filters" layout="inline" style={{ marginBottom: 16, rowGap: 8, ...(folded ? { display: 'none' } : {}) }} data-testid="filter-bar">
        {filters.map(({ key, label, control, property, optionLabel, required }) => {
          const Control = CONTROLS[control];
          return (
            <Form.Item key={key} name={key} label={label} required={required}>
              <Control property={property} {...(optionLabel ? { optionLabel } : {})} />
            </Form.Item>
          );
        })}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {searchLabel ?? t('crud.search')}
            </Button>
            <Button
              onClick={() => {
                formProps.form?.resetFields();
                formProps.form?.submit();
              }}
            >
              {t('crud.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </>
  );
}
