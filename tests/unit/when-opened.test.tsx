import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { lazy, useState, type ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyDialog, retryAddress, WhenFirstOpened } from '../../src/lib/when-opened';

/** A component whose code arrives when the test says, as a lazily loaded dialog's does; counts its loads. */
function deferredComponent<P extends object>(Component: ComponentType<P>) {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const loads = vi.fn();
  const Lazy = lazy(() => {
    loads();
    return new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
      arrive = () => resolve({ default: Component });
      fail = reject;
    });
  });
  return { Lazy, loads, arrive: () => act(async () => arrive()), fail: (error: Error) => act(async () => fail(error)) };
}

function Dialog({ open }: { open: boolean }) {
  return <div data-testid="dialog">{open ? 'open' : 'closed'}</div>;
}

/** `closeOnFailure`: the page closes its dialog when its code fails (WhenFirstOpened's onFailed), as the console's do. */
function Page({ Lazy, closeOnFailure = false }: { Lazy: ComponentType<{ open: boolean }>; closeOnFailure?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>open</button>
      <button type="button" onClick={() => setOpen(false)}>close</button>
      <span data-testid="rest">the rest of the page</span>
      <WhenFirstOpened open={open} fallback={<span data-testid="placeholder" />} {...(closeOnFailure ? { onFailed: () => setOpen(false) } : {})}>
        <Lazy open={open} />
      </WhenFirstOpened>
    </>
  );
}

describe('WhenFirstOpened', () => {
  /** What the page's error handler was given (the console's error log). */
  let reported: ReturnType<typeof vi.fn<(error: unknown) => void>>;
  const original = globalThis.reportError;
  beforeEach(() => {
    reported = vi.fn<(error: unknown) => void>();
    globalThis.reportError = reported;
    // React logs a caught error too; each test says what it expects instead.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    globalThis.reportError = original;
  });

  it('loads nothing until first opened, holds the place while the code comes, and stays rendered once closed', async () => {
    const { Lazy, loads, arrive } = deferredComponent(Dialog);
    render(<Page Lazy={Lazy} />);
    expect(loads).not.toHaveBeenCalled();
    expect(screen.queryByTestId('placeholder')).toBeNull();

    fireEvent.click(screen.getByText('open'));
    expect(loads).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('placeholder')).toBeTruthy();
    await arrive();
    expect(screen.getByTestId('dialog').textContent).toBe('open');

    // Closed, the dialog stays mounted (antd plays its closing and keeps its state) and its code is not loaded again.
    fireEvent.click(screen.getByText('close'));
    expect(screen.getByTestId('dialog').textContent).toBe('closed');
    fireEvent.click(screen.getByText('open'));
    expect(screen.getByTestId('dialog').textContent).toBe('open');
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('code that fails to load is reported to the page and shows nothing; the rest of the page stays', async () => {
    const { Lazy, fail } = deferredComponent(Dialog);
    render(<Page Lazy={Lazy} />);
    fireEvent.click(screen.getByText('open'));
    await fail(new Error('Failed to fetch dynamically imported module'));
    expect(reported).toHaveBeenCalledWith(expect.objectContaining({ message: 'Failed to fetch dynamically imported module' }));
    expect(screen.queryByTestId('dialog')).toBeNull();
    expect(screen.queryByTestId('placeholder')).toBeNull();
    expect(screen.getByTestId('rest')).toBeTruthy();
  });

  /** A load that fails the first time and then succeeds, counted. */
  const failingOnce = () => {
    let attempt = 0;
    return vi.fn(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('Failed to fetch dynamically imported module');
      return { default: Dialog };
    });
  };

  it('a dialog made by lazyDialog whose code failed to load is closed, and the next click asks for it again and shows it', async () => {
    const loads = failingOnce();
    render(<Page Lazy={lazyDialog(loads)} closeOnFailure />);
    await act(async () => fireEvent.click(screen.getByText('open')));
    await waitFor(() => expect(reported).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('dialog')).toBeNull();
    // Not asked for again at once, in a loop, while the page is left as it is.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(loads).toHaveBeenCalledTimes(1);
    // The page's dialog was closed for it (onFailed): the same button opens it, and this time the code comes.
    await act(async () => fireEvent.click(screen.getByText('open')));
    expect(loads).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.getByTestId('dialog').textContent).toBe('open'));
    // Loaded once, it is not asked for again.
    await act(async () => fireEvent.click(screen.getByText('close')));
    await act(async () => fireEvent.click(screen.getByText('open')));
    expect(loads).toHaveBeenCalledTimes(2);
  });

  it('closing a dialog whose code failed asks for nothing; the next opening does', async () => {
    const loads = failingOnce();
    render(<Page Lazy={lazyDialog(loads)} />);
    await act(async () => fireEvent.click(screen.getByText('open')));
    await waitFor(() => expect(reported).toHaveBeenCalledTimes(1));
    await act(async () => fireEvent.click(screen.getByText('close')));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(loads).toHaveBeenCalledTimes(1);
    await act(async () => fireEvent.click(screen.getByText('open')));
    expect(loads).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.getByTestId('dialog').textContent).toBe('open'));
  });

  it('a page shown again (its boundary new) asks again for code that failed before', async () => {
    const loads = failingOnce();
    const Lazy = lazyDialog(loads);
    const first = render(<Page Lazy={Lazy} closeOnFailure />);
    await act(async () => fireEvent.click(screen.getByText('open')));
    await waitFor(() => expect(reported).toHaveBeenCalledTimes(1));
    first.unmount();
    render(<Page Lazy={Lazy} closeOnFailure />);
    await act(async () => fireEvent.click(screen.getByText('open')));
    expect(loads).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.getByTestId('dialog').textContent).toBe('open'));
  });

  it('with React.lazy alone, a failed load is never asked for again: why lazyDialog exists', async () => {
    const loads = vi.fn(async (): Promise<{ default: typeof Dialog }> => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const Lazy = lazy(loads);
    render(<Page Lazy={Lazy} />);
    await act(async () => fireEvent.click(screen.getByText('open')));
    await waitFor(() => expect(reported).toHaveBeenCalledTimes(1));
    await act(async () => fireEvent.click(screen.getByText('close')));
    await act(async () => fireEvent.click(screen.getByText('open')));
    expect(loads).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('dialog')).toBeNull();
  });
});

describe('retryAddress', () => {
  const origin = 'http://127.0.0.1:8080';
  it("is the failed script's address with ?retry=n, from Chromium's and Firefox's words", () => {
    expect(retryAddress(new TypeError(`Failed to fetch dynamically imported module: ${origin}/assets/ThemeSettingsDrawer-jrhzlJPA.js`), 1, origin))
      .toBe(`${origin}/assets/ThemeSettingsDrawer-jrhzlJPA.js?retry=1`);
    expect(retryAddress(new TypeError(`error loading dynamically imported module: ${origin}/assets/SearchDialog-Ab12.js?retry=1`), 2, origin))
      .toBe(`${origin}/assets/SearchDialog-Ab12.js?retry=2`);
    // A name with ".js" inside it is kept whole.
    expect(retryAddress(new TypeError(`Failed to fetch dynamically imported module: ${origin}/assets/chart.js-Q1w2.js`), 1, origin))
      .toBe(`${origin}/assets/chart.js-Q1w2.js?retry=1`);
  });
  it('is nothing for an error that names no script of this origin', () => {
    expect(retryAddress(new TypeError('Importing a module script failed.'), 1, origin)).toBeUndefined();
    expect(retryAddress(new TypeError('Failed to fetch dynamically imported module: https://elsewhere.example/x.js'), 1, origin)).toBeUndefined();
    expect(retryAddress('not an error', 1, origin)).toBeUndefined();
    expect(retryAddress(new TypeError(`Failed to fetch dynamically imported module: ${origin}/src/shell/theme/ThemeSettingsDrawer.tsx`), 1, origin)).toBeUndefined();
  });
});

