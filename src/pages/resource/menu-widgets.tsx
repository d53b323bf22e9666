import { AutoComplete, Flex, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResources } from '../../lib/use-resources';
import { componentNames, FOLDER_COMPONENT } from '../../app/component-registry';
import type { WidgetProps } from './widgets';

/**
 * Widgets for values that name something of the console rather than hold text: an i18n key
 * (a menu title such as 'menu.home') and a component of the console's registry. An
 * administrator sees what the value means, not only the code.
 */

/** The namespaces whose keys a title may use: the menu titles the console translates. */
const TITLE_NAMESPACES = ['menu'] as const;

/** An i18n key typed or picked among the known titles, its translation shown beside it. */
export function I18nKeyInput({ value, onChange, id, placeholder }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const key = typeof value === 'string' ? value : '';
  const options = useMemo(
    () =>
      TITLE_NAMESPACES.flatMap((namespace) =>
        Object.keys((i18n.getResource(i18n.language, 'translation', namespace) as Record<string, unknown> | undefined) ?? {}).map((name) => {
          const full = `${namespace}.${name}`;
          return { value: full, label: `${full} · ${t(full)}` };
        }),
      ),
    [i18n, i18n.language, t],
  );
  const known = key !== '' && i18n.exists(key);
  return (
    <Flex gap={8} align="center" wrap>
      <AutoComplete
        id={id}
        value={key}
        onChange={(next: string) => onChange?.(next)}
        options={options}
        placeholder={placeholder}
        filterOption={(typed, option) => String(option?.label ?? '').toLowerCase().includes(typed.toLowerCase())}
        style={{ flex: '1 1 200px', minWidth: 0 }}
      />
      {key !== '' && (
        <Typography.Text type={known ? undefined : 'secondary'} data-testid="i18n-preview">
          {known ? t(key) : t('crud.noTranslation')}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** A registry name in words: the screen it opens. */
function componentLabel(name: string, t: (key: string) => string): string {
  if (name === FOLDER_COMPONENT) return `${name} · ${t('crud.componentFolder')}`;
  if (name === 'Home') return `${name} · ${t('menu.home')}`;
  const resource = /^resources\/(.+)$/.exec(name)?.[1];
  if (resource) return `${name} · ${t(`resources.${resource}.title`)}`;
  const report = /^reports\/(.+)$/.exec(name)?.[1];
  return report ? `${name} · ${t(`reports.${report}.title`)}` : name;
}

/**
 * A component among those the console can mount. A stored name this console does not know
 * stays visible and says so, instead of silently reading as empty.
 */
export function ComponentSelect({ value, onChange, id, placeholder }: WidgetProps) {
  const { t } = useTranslation();
  const resources = useResources();
  const [loaded, setNames] = useState<string[]>();
  useEffect(() => {
    let live = true;
    void componentNames(resources).then((all) => {
      if (live) setNames(all);
    });
    return () => {
      live = false;
    };
  }, [resources]);
  const current = typeof value === 'string' ? value : '';
  const names = loaded ?? [];
  const options = names.map((name) => ({ value: name, label: componentLabel(name, t) }));
  // Until the names arrive a stored value shows as it is, not yet as unknown.
  if (current !== '' && !names.includes(current)) options.push({ value: current, label: loaded ? `${current} · ${t('crud.componentUnknown')}` : current });
  return (
    <Select
      id={id}
      value={current === '' ? undefined : current}
      onChange={(next: string | undefined) => onChange?.(next ?? '')}
      options={options}
      placeholder={placeholder}
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ minWidth: 160 }}
    />
  );
}
