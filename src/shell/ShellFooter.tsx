import { Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The footer under every screen (spec section 2's shell parts): the product's name and year. */
export function ShellFooter() {
  const { t } = useTranslation();
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: '24px 0 0', background: 'transparent' }} data-testid="shell-footer">
      <Typography.Text type="secondary">{t('shell.footer', { year: new Date().getFullYear() })}</Typography.Text>
    </Layout.Footer>
  );
}
