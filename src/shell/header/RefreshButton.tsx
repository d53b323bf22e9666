import { ReloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useScreenKey } from './refresh';

/** Mounts the current screen again (its lists and forms read afresh); the window is not reloaded. */
export function RefreshButton() {
  const { t } = useTranslation();
  const refresh = useScreenKey((state) => state.refresh);
  return (
    <Tooltip title={t('header.refresh')}>
      <Button type="text" icon={<ReloadOutlined />} aria-label={t('header.refresh')} onClick={refresh} data-testid="header-refresh" />
    </Tooltip>
  );
}
