import { SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, type FormProps } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterOp } from '../../../schemas/types';
import { filterControl, type FilterControl } from '../../lib/list-filters';
import type { Entity } from './use-entity';
import { WIDGETS, type WidgetProps } from './widgets';

/** A filter control is a form widget, except that text filters can be cleared in one click. */
const CONTROLS: Record<FilterControl, ComponentType<WidgetProps>> = {
  text: ({ property: _property, value, ...rest }) => <Input {...rest} value={value as string} allowClear />,
  select: WIDGETS.select,
  treeselect: WIDGETS.treeselect,
  multiselect: WIDGETS.multiselect,
};

function FilterInput({ property, op, ...rest }: WidgetProps & { op: FilterOp }) {
  const Control = CONTROLS[filterControl(property, op)];
  return <Control property={property} {...rest} />;
}

/** The list's filter bar from x-resource.list.filters; Search applies it, Reset clears it. */
export function FilterBar({ entity, formProps }: { entity: Entity; formProps: FormProps }) {
  const { t } = useTranslation();
  const filters = entity.block.list.filters ?? [];
  if (filters.length === 0) return null;
  return (
    // Named, so its fields' ids (filters_userName) differ from those of a form on the same page.
    <Form {...formProps} name="filters" layout="inline" style={{ marginBottom: 16, rowGap: 8 }} data-testid="filter-bar">
      {filters.map(({ field, op }) => {
        const property = entity.schema.properties[field];
        return property ? (
          <Form.Item key={field} name={field} label={entity.fieldLabel(field)}>
            <FilterInput property={property} op={op} />
          </Form.Item>
        ) : null;
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
