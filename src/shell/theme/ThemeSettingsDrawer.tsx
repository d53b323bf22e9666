import { Button, Divider, Drawer, Form, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useVisitedTabs } from '../tabs/visited-tabs';
import { closeThemeDrawer, useThemeDrawer } from './drawer-state';
import {
  COLUMN_STYLES,
  LAYOUTS,
  pick,
  TABS_BAR_STYLES,
  THEME_NAMES,
  useThemeSettings,
  type ThemeSettings,
} from './settings';

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

/** Spec section 3's theme settings, applied as they change and kept in local storage; reset brings the defaults back. Loads when first opened (ThemeDrawer). */
export default function ThemeSettingsDrawer() {
  const { t } = useTranslation();
  const open = useThemeDrawer((state) => state.open);
  const settings = useThemeSettings();
  const values = pick(settings);
  const close = closeThemeDrawer;
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
