import { Show } from '@refinedev/antd';
import { useShow } from '@refinedev/core';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ROW_WRITABLE } from '../../../schemas/types';
import { usePageTitle } from '../../shell/use-page-title';
import { entityValue } from './entity-list';
import { FieldValue } from './FieldValue';
import { useEntity } from './use-entity';
import { useNarrow } from '../../shell/use-narrow';
import { BackTitle } from './back-icon';

/** The generic show page: every property the server returns, read-only ones included, but codes with nothing to show them by. */
export default function ShowPage({ resource }: { resource: string }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const entity = useEntity(resource);
  usePageTitle('crud.show', undefined, { resource: entity.title, one: entity.one });
  const { query, result } = useShow({ resource, id });
  const record = result as Record<string, unknown> | undefined;
  // On a phone a label column beside the value left the value a third of the width: labels go above.
  const phone = useNarrow();
  // A row the server marks not writable for the caller offers no edit or delete (undefined: access control decides).
  const writable = record?.[ROW_WRITABLE] === false ? false : undefined;
  return (
    <Show resource={resource} recordItemId={id} title={<BackTitle>{t('crud.show', { resource: entity.title, one: entity.one })}</BackTitle>} breadcrumb={false} goBack={false} isLoading={query.isLoading}
      canEdit={writable} canDelete={writable}>
      <Descriptions
        bordered
        column={1}
        layout={phone ? 'vertical' : 'horizontal'}
        data-testid="resource-show"
        items={entity.shown.map((field) => ({
          key: field,
          label: entity.fieldLabel(field),
          children: <FieldValue description={entityValue(entity, field)} value={record?.[field]} />,
        }))}
      />
    </Show>
  );
}
