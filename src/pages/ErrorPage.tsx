import { useGo } from '@refinedev/core';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../shell/use-page-title';

const TEXTS = {
  '403': { title: 'errorPages.forbiddenTitle', detail: 'errorPages.forbidden' },
  '404': { title: 'errorPages.notFoundTitle', detail: 'errorPages.notFound' },
} as const;

/** /403 and /404: reachable without a token; the button leads home (or on to login). */
export default function ErrorPage({ status }: { status: keyof typeof TEXTS }) {
  const { t } = useTranslation();
  const go = useGo();
  usePageTitle(TEXTS[status].title);
  return (
    <Result
      status={status}
      title={status}
      subTitle={t(TEXTS[status].detail)}
      extra={
        <Button type="primary" onClick={() => go({ to: '/index' })} data-testid="back-home">
          {t('errorPages.backHome')}
        </Button>
      }
    />
  );
}
