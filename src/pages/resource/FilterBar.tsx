import { SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, type FormProps } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterControl } from '../../lib/list-filters';
import type { FilterDescription } from './list-description';
import { WIDGETS, type WidgetProps } from './widgets';

/** A filter control is a form widget, except that text filters can be cleared in one click. */
const CONTROLS: Record<FilterControl, ComponentType<WidgetProps>> = {
  text: ({ property: _property, value, ...rest }) => <Input {...rest} value={value as string} allowClear />,
  select: WIDGETS.select,
  treeselect: WIDGETS.treeselect,
  multiselect: WIDGETS.multiselect,
};

/** A list's filter bar (an entity's x-resource.list.filters, a report's conditions); Search applies it, Reset clears it. */
export function FilterBar({ filters, formProps }: { filters: readonly FilterDescription[]; formProps: FormProps }) {
  const { t } = useTranslation();
  if (filters.length === 0) return null;
  return (
    // Named, so its fields' ids (filters_userName) differ from those of a form on the same page.
    <Form {...formProps} name="filters" layout="inline" style={{ marginBottom: 16, rowGap: 8 }} data-testid="filter-bar">
      {filters.map(({ key, label, control, property }) => {
        const Control = CONTROLS[control];
        return (
          <Form.Item key={key} name={key} label={label}>
            <Control property={property} />
          </Form.Item>
        );
      })}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('crud.search')}
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
  );
}
