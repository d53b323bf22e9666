import { type AccessControlProvider, type AuthProvider, type DataProvider, Refine, type ResourceProps } from '@refinedev/core';
import { StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { createI18nProvider } from '../../../data-providers/i18n';
import i18n from '../../../src/app/i18n';
import { useNotificationProvider } from '../../../src/app/notification-provider';
import { routerProvider } from '../../../src/app/router-provider';
import { QUERY_CLIENT_CONFIG } from '../../../data-providers/http-error';
import { resources } from '../../../resources';

/** Everything a page needs around it, as in App.tsx but with a memory router and fake providers. */
export interface HarnessOptions {
  path: string;
  authProvider: AuthProvider;
  dataProvider?: Partial<DataProvider>;
  /** Named providers beside the default (a report page's 'reports'). */
  dataProviders?: Record<string, DataProvider>;
  accessControlProvider?: AccessControlProvider;
  /** Defaults to the app's resources. */
  resources?: ResourceProps[];
}

export function renderInRefine(ui: ReactNode, { path, authProvider, dataProvider, dataProviders, accessControlProvider, resources: list = resources }: HarnessOptions) {
  const data: DataProvider = {
    getApiUrl: () => '',
    getList: async () => ({ data: [], total: 0 }),
    getOne: async () => ({ data: {} as never }),
    create: async () => ({ data: {} as never }),
    update: async () => ({ data: {} as never }),
    deleteOne: async () => ({ data: {} as never }),
    // No server behind the harness: a page's own calls (the login page's sign-up options) fail as unanswered.
    custom: async () => {
      throw new Error('no server in the unit harness');
    },
    ...dataProvider,
  };
  return render(
    // antd's style sheets are built but not put in the page (as on a server): jsdom would parse
    // each one and match it against every element at each style lookup, about a third of these
    // tests' time, for styles no test here reads (jsdom has no layout).
    <StyleProvider mock="server">
    <MemoryRouter initialEntries={[path]}>
      <AntdApp>
        <Refine
          routerProvider={routerProvider}
          authProvider={authProvider}
          dataProvider={dataProviders ? { default: data, ...dataProviders } : data}
          i18nProvider={createI18nProvider(i18n)}
          notificationProvider={useNotificationProvider}
          resources={list}
          {...(accessControlProvider ? { accessControlProvider } : {})}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: QUERY_CLIENT_CONFIG } }}
        >
          {ui}
        </Refine>
      </AntdApp>
    </MemoryRouter>
    </StyleProvider>,
  );
}

/** An auth provider whose answers the test sets; every method is a plain async function. */
export function stubAuth(overrides: Partial<AuthProvider> = {}): AuthProvider {
  return {
    login: async () => ({ success: true, redirectTo: '/index' }),
    logout: async () => ({ success: true, redirectTo: '/login' }),
    check: async () => ({ authenticated: false, redirectTo: '/login' }),
    onError: async () => ({}),
    ...overrides,
  };
}
