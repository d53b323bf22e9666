import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { toggleFullScreen } from './full-screen';

const onChange = (changed: () => void) => {
  document.addEventListener('fullscreenchange', changed);
  return () => document.removeEventListener('fullscreenchange', changed);
};

/** Full screen on and off; a browser that refuses says so ("failed to enable full screen", spec section 2). */
export function FullScreenButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const full = useSyncExternalStore(onChange, () => Boolean(document.fullscreenElement));
  const label = t(full ? 'header.exitFullScreen' : 'header.fullScreen');
  const toggle = () => {
    toggleFullScreen().catch(() => void message.error(t('header.fullScreenFailed')));
  };
  return (
    <Tooltip title={label}>
      <Button type="text" icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} aria-label={label} onClick={toggle} data-testid="header-fullscreen" />
    </Tooltip>
  );
}
