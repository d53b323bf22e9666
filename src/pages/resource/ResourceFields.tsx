import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { formFields, widgetFor } from '../../../schemas/entity';
import { isRequired, propertyRules } from '../../lib/schema-rules';
import type { Entity } from './use-entity';
import { WIDGETS } from './widgets';

/**
 * The fields of a create or edit form, in x-resource.form order, each with its widget and
 * the rules derived from its schema, and the line of help the locales may give it. Server field errors (400/409 data.errors) land on
 * the same items through Refine's useForm.
 */
export function ResourceFields({ entity, mode }: { entity: Entity; mode: 'create' | 'edit' }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {formFields(entity.schema).map((field) => {
        const property = entity.schema.properties[field];
        if (!property) return null;
        const Widget = WIDGETS[widgetFor(property)];
        const label = entity.fieldLabel(field);
        const keepsOld = mode === 'edit' && property.writeOnly;
        // A line of help under the field when the locales have one: resources.<name>.help.<field>.
        const help = `resources.${entity.name}.help.${field}`;
        return (
          <Form.Item
            key={field}
            name={field}
            label={label}
            extra={i18n.exists(help) ? t(help) : undefined}
            rules={propertyRules(property, { label, required: isRequired(entity.schema, field, mode), t })}
          >
            <Widget property={property} optionLabel={(value) => entity.valueLabel(field, value)} {...(keepsOld ? { placeholder: t('crud.keepOld') } : {})} />
          </Form.Item>
        );
      })}
    </>
  );
}
