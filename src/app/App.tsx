import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
// The ES builds: the default export of antd/locale/* (CommonJS) reaches the bundle as its
// module wrapper, and ConfigProvider then silently falls back to English.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { HashRouter } from 'react-router';
import { QUERY_CLIENT_CONFIG } from '../lib/http-error';
import { createReportProvider } from '../pages/report/report-provider';
import i18n from './i18n';
import { useNotificationProvider } from './notification-provider';
import { accessControlProvider, authProvider, dataProvider, http, i18nProvider } from './providers';
import { AppRoutes } from './routes';
import { useTranslatedResources } from './use-resources';

// Report pages list through their own provider (useTable's dataProviderName 'reports'), on the same HTTP client.
const dataProviders = {
  default: dataProvider,
  reports: createReportProvider(dataProvider.getApiUrl(), http, (key, values) => i18n.t(key, values ?? {})),
};

/**
 * Provider wiring. antd's <App> sits inside ConfigProvider and around Refine so the
 * notification provider's messages get the theme and locale (React 19 has no static
 * antd message/notification calls).
 */
export function App() {
  const { i18n } = useTranslation();
  const resources = useTranslatedResources();
  return (
    <HashRouter>
      <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN}>
        <AntdApp>
          <Refine
            routerProvider={routerProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            dataProvider={dataProviders}
            i18nProvider={i18nProvider}
            notificationProvider={useNotificationProvider}
            resources={resources}
            options={{ disableTelemetry: true, reactQuery: { clientConfig: QUERY_CLIENT_CONFIG } }}
          >
            <AppRoutes />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </HashRouter>
  );
}
