import { Layout } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from './PageLoading';
import { ShellBreadcrumb } from './ShellBreadcrumb';
import { ShellHeader } from './ShellHeader';
import { ShellSider } from './ShellSider';

/** First shell, the spec's default vertical layout: side menu, header, breadcrumb, page (lazy-loaded). */
export default function ShellLayout() {
  return (
    <Layout hasSider style={{ minHeight: '100vh' }}>
      <ShellSider />
      <Layout>
        <ShellHeader />
        <Layout.Content style={{ padding: 24 }}>
          <ShellBreadcrumb />
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
