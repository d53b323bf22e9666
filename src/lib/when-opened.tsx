import { Component, createContext, createElement, lazy, Suspense, useContext, useState, type ComponentProps, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

/** How many times the boundary below has been reset after a failure: a lazyDialog whose code failed asks for it again at a later attempt. */
const LoadAttempt = createContext(0);

type BoundaryState = { failed: boolean; open: boolean; attempt: number };

/**
 * A dialog's code that failed to load: reported to the page's error handler (the console's error
 * log) and nothing shown, instead of taking the page down; tried again at the next opening
 * (lazyDialog).
 */
class LoadBoundary extends Component<{ children: ReactNode; open: boolean }, BoundaryState> {
  override state: BoundaryState = { failed: false, open: this.props.open, attempt: 0 };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { open: boolean }, state: BoundaryState) {
    if (props.open === state.open) return null;
    // Closed after a failure: the next opening is a new attempt.
    if (state.failed && !props.open) return { open: props.open, failed: false, attempt: state.attempt + 1 };
    return { open: props.open };
  }

  override componentDidCatch(error: unknown) {
    globalThis.reportError?.(error);
  }

  override render() {
    return this.state.failed ? null : <LoadAttempt.Provider value={this.state.attempt}>{this.props.children}</LoadAttempt.Provider>;
  }
}

/**
 * Renders `children` from the first time `open` is true, and keeps them rendered after (a
 * dialog's closing and its state stay as antd has them). For dialogs and drawers whose code
 * loads on demand (lazyDialog): a page does not load what nobody has opened yet. `fallback` holds
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

/**
 * React.lazy for the dialogs WhenFirstOpened shows: code that failed to load (a network that
 * dropped, a server restarting) is asked for again at the next opening, not at once in a loop.
 * React.lazy alone keeps a failed import for the life of the page, so the dialog could not open
 * again until a reload.
 */
export function lazyDialog<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): ComponentType<ComponentProps<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  let failed = false;
  let madeAt = 0;
  const make = (attempt: number): LazyExoticComponent<T> => {
    madeAt = attempt;
    failed = false;
    return lazy(() => load().catch((error: unknown) => {
      failed = true;
      throw error;
    }));
  };
  let current = make(0);
  return function LazyDialog(props: ComponentProps<T>) {
    const attempt = useContext(LoadAttempt);
    if (failed && attempt > madeAt) current = make(attempt);
    return createElement(current, props);
  };
}
