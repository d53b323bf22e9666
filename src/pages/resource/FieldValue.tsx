import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { baseType, type PropertySchema } from '../../lib/entity';
import { optionLabel, useOptions } from './use-options';

/** A value of another entity (x-options) shown by its option label, e.g. department 1 as its name. */
function OptionLabel({ entity, value }: { entity: string; value: unknown }) {
  const { options } = useOptions(entity);
  return <>{optionLabel(options, value) ?? String(value)}</>;
}

function Plain({ property, value }: { property: PropertySchema; value: unknown }) {
  const { t } = useTranslation();
  const entity = property['x-options'];
  if (entity) return <OptionLabel entity={entity} value={value} />;
  // Values that are i18n keys (menu titles) read in the user's language; plain text stays as it is.
  return <>{property['x-i18n'] ? t(String(value), { defaultValue: String(value) }) : String(value)}</>;
}

/** A property's value formatted by its type, for list cells and show pages. */
export function FieldValue({ property, value }: { property: PropertySchema; value: unknown }) {
  const { t } = useTranslation();
  const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  if (empty) return <>{t('crud.empty')}</>;
  const type = baseType(property);
  if (type === 'boolean') return <Tag color={value ? 'green' : 'default'}>{t(value ? 'crud.yes' : 'crud.no')}</Tag>;
  if (Array.isArray(value)) {
    return (
      <Space size={[0, 4]} wrap>
        {value.map((item) => (
          <Tag key={String(item)}>
            <Plain property={property} value={item} />
          </Tag>
        ))}
      </Space>
    );
  }
  if (type === 'object') return <>{JSON.stringify(value)}</>;
  return <Plain property={property} value={value} />;
}
