import { Create, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { formFields } from '../../../schemas/entity';
import { formBody, formDefaults } from '../../lib/form-values';
import { usePageTitle } from '../../shell/use-page-title';
import { ResourceFields } from './ResourceFields';
import { scrollToServerError } from './server-errors';
import { useEntity } from './use-entity';
import { BackTitle } from './back-icon';

/** The generic create form: schema defaults in, only form fields out, back to the list when saved. */
export default function CreatePage({ resource }: { resource: string }) {
  const { t } = useTranslation();
  const entity = useEntity(resource);
  usePageTitle('crud.create', undefined, { resource: entity.title, one: entity.one });
  const { formProps, saveButtonProps, form } = useForm({
    resource,
    action: 'create',
    redirect: 'list',
    onMutationError: (error) => scrollToServerError(form, error, formFields(entity.schema)),
  });
  return (
    <Create resource={resource} title={<BackTitle>{t('crud.create', { resource: entity.title, one: entity.one })}</BackTitle>} breadcrumb={false} goBack={false} saveButtonProps={saveButtonProps}>
      <Form
        {...formProps}
        layout="vertical"
        style={{ maxWidth: 640 }}
        data-testid="resource-form"
        scrollToFirstError={{ block: 'center' }}
        initialValues={formDefaults(entity.schema)}
        onFinish={(values) => formProps.onFinish?.(formBody(entity.schema, values as Record<string, unknown>, 'create'))}
      >
        <ResourceFields entity={entity} mode="create" />
      </Form>
    </Create>
  );
}
