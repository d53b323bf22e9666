import { ArrowLeftOutlined } from '@ant-design/icons';
import { useBack } from '@refinedev/core';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A page header's title with its back control before it. The header's own back control is left
 * out (`goBack={false}`): it wraps what it is given in a role="button" named "back" in English
 * whatever the language, and a button inside it would nest two. This one is a plain button named
 * in the page's language.
 */
export function BackTitle({ children }: { children: ReactNode }) {
  const back = useBack();
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => back()} aria-label={t('crud.back')} data-testid="page-back" />
      {children}
    </Space>
  );
}
