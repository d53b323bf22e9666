import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { QUERY_CLIENT_CONFIG } from '../../data-providers/http-error';
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
 * Everything but the login page: Refine with the console's providers and routes, loaded after
 * the login page has shown (App.tsx), inside the frame it shares with it.
 */
export default function ConsoleApp() {
  const resources = useTranslatedResources();
  return (
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
  );
}
