import { BgColorsOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer, Form, Select, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { useVisitedTabs } from '../tabs/visited-tabs';
import {
  COLUMN_STYLES,
  LAYOUTS,
  pick,
  TABS_BAR_STYLES,
  THEME_NAMES,
  useThemeSettings,
  type ThemeSettings,
} from './settings';

/** Whether the drawer is open: the header's palette button and the edge button both open it. */
export const useThemeDrawer = create<{ open: boolean }>(() => ({ open: false }));
export const openThemeDrawer = () => useThemeDrawer.setState({ open: true });

type Choice = 'layout' | 'themeName' | 'columnStyle' | 'tabsBarStyle';
const CHOICES: ReadonlyArray<[Choice, readonly string[]]> = [
  ['layout', LAYOUTS],
  ['themeName', THEME_NAMES],
  ['columnStyle', COLUMN_STYLES],
  ['tabsBarStyle', TABS_BAR_STYLES],
];
type Flag = { [K in keyof ThemeSettings]: ThemeSettings[K] extends boolean ? K : never }[keyof ThemeSettings];
const FLAGS: readonly Flag[] = [
  'darkMode',
  'fixedHeader',
  'showProgressBar',
  'showTabs',
  'showTabsBarIcon',
  'showLanguage',
  'showRefresh',
  'showSearch',
  'showTheme',
  'showNotice',
  'showFullScreen',
  'showThemeSetting',
];

/** Spec section 3's theme settings, applied as they change and kept in local storage; reset brings the defaults back. */
export function ThemeDrawer() {
  const { t } = useTranslation();
  const open = useThemeDrawer((state) => state.open);
  const settings = useThemeSettings();
  const values = pick(settings);
  const close = () => useThemeDrawer.setState({ open: false });
  const reset = () => {
    settings.reset();
    useVisitedTabs.getState().clear();
  };
  return (
    <Drawer
      title={t('theme.title')}
      open={open}
      onClose={close}
      width={340}
      data-testid="theme-drawer"
      footer={
        <Button block onClick={reset} data-testid="theme-reset">
          {t('theme.reset')}
        </Button>
      }
    >
      <Form layout="horizontal" labelCol={{ flex: '140px' }} labelAlign="left" colon={false} size="small">
        {CHOICES.map(([key, options]) => (
          <Form.Item key={key} label={t(`theme.${key}.label`)} htmlFor={`theme-${key}`} style={{ marginBottom: 12 }}>
            <Select
              id={`theme-${key}`}
              data-testid={`theme-${key}`}
              value={values[key]}
              onChange={(value: string) => settings.set({ [key]: value })}
              options={options.map((value) => ({ value, label: t(`theme.${key}.${value}`) }))}
            />
          </Form.Item>
        ))}
        <Divider style={{ margin: '8px 0 16px' }} />
        {FLAGS.map((key) => (
          <Form.Item key={key} label={t(`theme.${key}`)} htmlFor={`theme-${key}`} style={{ marginBottom: 8 }}>
            <Switch id={`theme-${key}`} data-testid={`theme-${key}`} checked={values[key]} onChange={(on) => settings.set({ [key]: on })} />
          </Form.Item>
        ))}
      </Form>
    </Drawer>
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
