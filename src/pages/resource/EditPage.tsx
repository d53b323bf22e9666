import { Edit, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formFields } from '../../../schemas/entity';
import { formBody, withoutWriteOnly } from '../../lib/form-values';
import { usePageTitle } from '../../shell/use-page-title';
import { ResourceFields } from './ResourceFields';
import { scrollToServerError } from './server-errors';
import { useEntity } from './use-entity';
import { BackTitle } from './back-icon';

/**
 * The generic edit form. Write-only fields (passwords) start empty, and left empty they
 * stay out of the body, which the server reads as "keep the old one".
 */
export default function EditPage({ resource }: { resource: string }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const entity = useEntity(resource);
  usePageTitle('crud.edit', undefined, { resource: entity.title, one: entity.one });
  const { formProps, saveButtonProps, query, form } = useForm({
    resource,
    action: 'edit',
    id,
    redirect: 'list',
    onMutationError: (error) => scrollToServerError(form, error, formFields(entity.schema)),
    queryOptions: { select: (answer) => ({ ...answer, data: withoutWriteOnly(entity.schema, answer.data) }) },
  });
  return (
    <Edit
      resource={resource}
      recordItemId={id}
      title={<BackTitle>{t('crud.edit', { resource: entity.title, one: entity.one })}</BackTitle>}
      breadcrumb={false} goBack={false}
      saveButtonProps={saveButtonProps}
      isLoading={query?.isLoading}
    >
      <Form
        {...formProps}
        layout="vertical"
        style={{ maxWidth: 640 }}
        data-testid="resource-form"
        scrollToFirstError={{ block: 'center' }}
        onFinish={(values) => formProps.onFinish?.(formBody(entity.schema, values as Record<string, unknown>, 'edit'))}
      >
        <ResourceFields entity={entity} mode="edit" />
      </Form>
    </Edit>
  );
}
