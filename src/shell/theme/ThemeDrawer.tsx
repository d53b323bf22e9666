import { BgColorsOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazyDialog, WhenFirstOpened } from '../../lib/when-opened';
import { closeThemeDrawer, openThemeDrawer, useThemeDrawer } from './drawer-state';

// The drawer's form and controls load when first opened.
const ThemeSettingsDrawer = lazyDialog(() => import('./ThemeSettingsDrawer'));

/** The theme drawer's place in the shell. */
export function ThemeDrawer() {
  const open = useThemeDrawer((state) => state.open);
  return (
    <WhenFirstOpened open={open} onFailed={closeThemeDrawer}>
      <ThemeSettingsDrawer />
    </WhenFirstOpened>
  );
}

/** The header's palette button (showTheme). */
export function ThemeButton() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('theme.title')}>
      <Button type="text" icon={<BgColorsOutlined />} aria-label={t('theme.title')} onClick={openThemeDrawer} data-testid="theme-button" />
    </Tooltip>
  );
}

/** The button at the window's right edge (showThemeSetting). */
export function ThemeSettingButton() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('theme.title')} placement="left">
      <Button
        type="primary"
        icon={<BgColorsOutlined />}
        aria-label={t('theme.title')}
        onClick={openThemeDrawer}
        data-testid="theme-setting-button"
        style={{ position: 'fixed', right: 0, top: '40%', zIndex: 100, borderRadius: '6px 0 0 6px' }}
      />
    </Tooltip>
  );
}
