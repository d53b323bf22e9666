import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { durationText } from '../../lib/time';
import type { ValueDescription } from './list-description';
import { optionLabel, useOptions } from './use-options';
import RecordingPlayer from '../report/RecordingPlayer';

/** A value of another entity (x-options) shown by its option label, e.g. department 1 as its name. */
function OptionLabel({ entity, value }: { entity: string; value: unknown }) {
  const { options } = useOptions(entity);
  return <>{optionLabel(options, value) ?? String(value)}</>;
}

function Plain({ description, value }: { description: ValueDescription; value: unknown }) {
  const { t } = useTranslation();
  if (description.options) return <OptionLabel entity={description.options} value={value} />;
  const label = description.label?.(value);
  const hint = label !== undefined ? description.hint?.(value) : undefined;
  if (hint !== undefined) {
    return (
      <Tooltip title={hint}>
        <span data-code={hint}>{label}</span>
      </Tooltip>
    );
  }
  if (label !== undefined) return <>{label}</>;
  const { cap } = description;
  const number = cap === undefined ? Number(value) : Math.min(Number(value), cap);
  switch (description.format) {
    case 'seconds':
      return <>{t('format.seconds', { count: number })}</>;
    case 'duration':
      return <>{durationText(number)}</>;
    case 'percent':
      // Rates arrive as fractions 0..1 (schemas/reports/shared/kpi.ts).
      return <>{`${(number * 100).toFixed(1)}%`}</>;
    case 'number':
      return <>{cap === undefined ? String(value) : String(number)}</>;
    case 'recording':
      // A report's recording column: the path that plays the call.
      return <RecordingPlayer src={String(value)} />;
    case 'json':
      return <>{JSON.stringify(value)}</>;
    default:
      return <>{String(value)}</>;
  }
}

const isYes = (value: unknown) => value === true || value === 1 || value === '1';

/** A value formatted by its description (entity property or report column), for list cells and show pages. */
export function FieldValue({ description, value }: { description: ValueDescription; value: unknown }) {
  const { t } = useTranslation();
  const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  if (empty) return <>{t('crud.empty')}</>;
  if (description.format === 'yesNo') return <Tag color={isYes(value) ? 'green' : 'default'}>{t(isYes(value) ? 'crud.yes' : 'crud.no')}</Tag>;
  if (Array.isArray(value)) {
    return (
      <Space size={[0, 4]} wrap>
        {value.map((item) => (
          <Tag key={String(item)}>
            <Plain description={description} value={item} />
          </Tag>
        ))}
      </Space>
    );
  }
  return <Plain description={description} value={value} />;
}
