import { Refine } from '@refinedev/core';
import { App as AntdApp } from 'antd';
import { QUERY_CLIENT_CONFIG } from '../../data-providers/http-error';
import { createReportProvider } from '../pages/report/report-provider';
import { translate } from './auth-client';
import { useNotificationProvider } from './notification-provider';
import { accessControlProvider, authProvider, dataProvider, http, i18nProvider } from './providers';
import { routerProvider } from './router-provider';
import { AppRoutes } from './routes';
import { useTranslatedResources } from './use-resources';

// Report pages list through their own provider (useTable's dataProviderName 'reports'), on the same HTTP client.
const dataProviders = {
  default: dataProvider,
  reports: createReportProvider(dataProvider.getApiUrl(), http, translate),
};

/** Spec section 9: a message shows for 3000 ms. */
const MESSAGE_SECONDS = 3;

/**
 * Everything but the login page: Refine with the console's providers and routes, loaded after
 * the login page has shown (App.tsx), inside the frame it shares with it. antd's <App> gives the
 * screens its message, notification and dialog API with the frame's theme and locale (React 19
 * has no static antd message/notification calls).
 */
export default function ConsoleApp() {
  const resources = useTranslatedResources();
  return (
    <AntdApp message={{ duration: MESSAGE_SECONDS }}>
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
  );
}
