import { Component, createContext, createElement, lazy, Suspense, useContext, useState, type ComponentProps, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

/**
 * Which opening a dialog renders for: a number no other opening of any boundary has had (each
 * boundary takes a new one when it mounts and at each opening after a failure), so that a
 * lazyDialog whose code failed asks for it again at a later opening, anywhere.
 */
const LoadAttempt = createContext(0);
let lastAttempt = 0;
const nextAttempt = () => (lastAttempt += 1);

type BoundaryProps = { children: ReactNode; open: boolean; onFailed: (() => void) | undefined };
type BoundaryState = { failed: boolean; open: boolean; attempt: number };

/**
 * A dialog's code that failed to load: reported to the page's error handler (the console's error
 * log) and nothing shown, instead of taking the page down; the owner is told (`onFailed`: its
 * dialog is closed, since there is nothing to close it with), and the next opening tries again
 * (lazyDialog).
 */
class LoadBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, open: this.props.open, attempt: nextAttempt() };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    if (props.open === state.open) return null;
    // Opened after a failure: a new attempt (not at the closing, which nobody asked to load).
    if (state.failed && props.open) return { open: true, failed: false, attempt: nextAttempt() };
    return { open: props.open };
  }

  override componentDidCatch(error: unknown) {
    globalThis.reportError?.(error);
    this.props.onFailed?.();
  }

  override render() {
    return this.state.failed ? null : <LoadAttempt.Provider value={this.state.attempt}>{this.props.children}</LoadAttempt.Provider>;
  }
}

/**
 * Renders `children` from the first time `open` is true, and keeps them rendered after (a
 * dialog's closing and its state stay as antd has them). For dialogs and drawers whose code
 * loads on demand (lazyDialog): a page does not load what nobody has opened yet. `fallback` holds
 * their place while the code comes; `onFailed` is told when it did not come (the owner closes
 * its dialog, so that the next click opens it again).
 */
export function WhenFirstOpened({ open, children, fallback = null, onFailed }: { open: boolean; children: ReactNode; fallback?: ReactNode; onFailed?: () => void }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <LoadBoundary open={open} onFailed={onFailed}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </LoadBoundary>
  );
}

/**
 * The address to import again a module whose import failed, from the browser's error ("Failed to
 * fetch dynamically imported module: <address>"), with `?retry=n`: a browser keeps a failed module
 * fetch for the page's life under its address, so the same import fails again without asking the
 * server (Chromium does). Undefined when the error names no script of this origin. Only the
 * dialog's own file gets a new address: a shared file it imports that failed stays failed until
 * the page is reloaded (the error log records each try).
 */
export function retryAddress(error: unknown, n: number, origin = globalThis.location?.origin): string | undefined {
  const found = error instanceof Error ? /https?:\/\/\S+/.exec(error.message)?.[0].replace(/['")\].,]+$/, '') : undefined;
  if (!found || !origin) return undefined;
  let url: URL;
  try {
    url = new URL(found);
  } catch {
    return undefined;
  }
  if (url.origin !== origin || !/\.m?js$/.test(url.pathname)) return undefined;
  url.searchParams.set('retry', String(n));
  return url.href;
}

/**
 * React.lazy for the dialogs WhenFirstOpened shows: code that failed to load (a network that
 * dropped, a server restarting) is asked for again at the next opening, not at once in a loop,
 * under an address of its own (retryAddress). React.lazy alone keeps a failed import for the life
 * of the page, so the dialog could not open again until a reload. The module's default export is
 * the dialog.
 */
export function lazyDialog<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): ComponentType<ComponentProps<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  let failed = false;
  let madeFor = 0;
  let failures = 0;
  let retry: string | undefined;
  const make = (attempt: number): LazyExoticComponent<T> => {
    madeFor = attempt;
    failed = false;
    const from = retry;
    return lazy(() => (from ? (import(/* @vite-ignore */ from) as Promise<{ default: T }>) : load()).catch((error: unknown) => {
      failed = true;
      failures += 1;
      retry = retryAddress(error, failures) ?? from;
      throw error;
    }));
  };
  let current: LazyExoticComponent<T> | undefined;
  return function LazyDialog(props: ComponentProps<T>) {
    const attempt = useContext(LoadAttempt);
    if (!current || (failed && attempt !== madeFor)) current = make(attempt);
    return createElement(current, props);
  };
}
