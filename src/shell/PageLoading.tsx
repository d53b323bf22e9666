import { Spin } from 'antd';

/** Shown while a lazy page loads or the session is being checked. */
export function PageLoading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '60vh' }}>
      <Spin size="large" />
    </div>
  );
}
