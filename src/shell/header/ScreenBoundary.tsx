import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../../lib/chunk-load';
import { useErrorLog } from './error-log';
import { useRouteProgress } from './progress';

/** The ChunkLoadError screen: the screen's code did not come; reloading fetches the current version. */
export function ChunkLoadFailed({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="chunk-load-error">
      <Result
        status="warning"
        title={t('header.chunkTitle')}
        subTitle={t('header.chunkText')}
        extra={<Button type="primary" onClick={reload} data-testid="chunk-reload">{t('header.reload')}</Button>}
      />
    </div>
  );
}

function ScreenFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="screen-error">
      <Result
        status="error"
        title={t('header.screenFailed')}
        extra={<Button onClick={retry} data-testid="screen-retry">{t('header.refresh')}</Button>}
      />
    </div>
  );
}

interface Props {
  children: ReactNode;
  /** Changes with the route: a new screen starts without the last one's error. */
  resetKey: string;
}

/**
 * Around the current screen: a render error is recorded in the error log with its route and the
 * screen gives way to a notice (the rest of the console keeps working); a screen whose code failed
 * to load shows the ChunkLoadError screen with a reload action.
 */
export class ScreenBoundary extends Component<Props, { error: unknown; key: string }> {
  override state = { error: undefined as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    useErrorLog.getState().add(error);
    // The screen will not be shown: the route's progress bar ends here.
    useRouteProgress.getState().done();
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (isChunkLoadError(error)) return <ChunkLoadFailed />;
    return <ScreenFailed retry={() => this.setState({ error: undefined })} />;
  }
}
