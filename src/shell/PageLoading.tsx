import { Spin } from 'antd';

/**
 * Shown while a lazy page loads or the session is being checked. It is as tall as the window, so
 * that the shell's footer stays below it: a footer shown at the bottom meanwhile was pushed off
 * the screen when the page came (a layout shift Lighthouse counts against the page).
 */
export function PageLoading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'flex-start', paddingTop: '30vh', minHeight: '100vh' }}>
      <Spin size="large" />
    </div>
  );
}
