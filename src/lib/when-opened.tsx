import { Component, Suspense, useState, type ReactNode } from 'react';

/** A dialog's code that failed to load: reported to the page's error handler (the console's error log) at each opening, and nothing shown, instead of taking the page down. */
class LoadBoundary extends Component<{ children: ReactNode; open: boolean }, { failed: boolean; open: boolean }> {
  override state = { failed: false, open: this.props.open };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { open: boolean }, state: { failed: boolean; open: boolean }) {
    if (props.open === state.open) return null;
    return { open: props.open, failed: state.failed && !props.open ? false : state.failed };
  }

  override componentDidCatch(error: unknown) {
    globalThis.reportError?.(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Renders `children` from the first time `open` is true, and keeps them rendered after (a
 * dialog's closing and its state stay as antd has them). For dialogs and drawers whose code
 * loads on demand (React.lazy): a page does not load what nobody has opened yet. `fallback` holds
 * their place while the code comes.
 */
export function WhenFirstOpened({ open, children, fallback = null }: { open: boolean; children: ReactNode; fallback?: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <LoadBoundary open={open}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </LoadBoundary>
  );
}
