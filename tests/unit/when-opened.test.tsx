import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazy, useState, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { WhenFirstOpened } from '../../src/lib/when-opened';

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

function Page({ Lazy }: { Lazy: ComponentType<{ open: boolean }> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>open</button>
      <button type="button" onClick={() => setOpen(false)}>close</button>
      <span data-testid="rest">the rest of the page</span>
      <WhenFirstOpened open={open} fallback={<span data-testid="placeholder" />}>
        <Lazy open={open} />
      </WhenFirstOpened>
    </>
  );
}

describe('WhenFirstOpened', () => {
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
    const reported = vi.fn();
    const original = globalThis.reportError;
    globalThis.reportError = reported;
    // React logs the caught error too; the test says what it expects instead.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(<Page Lazy={Lazy} />);
      fireEvent.click(screen.getByText('open'));
      await fail(new Error('Failed to fetch dynamically imported module'));
      expect(reported).toHaveBeenCalledWith(expect.objectContaining({ message: 'Failed to fetch dynamically imported module' }));
      expect(screen.queryByTestId('dialog')).toBeNull();
      expect(screen.queryByTestId('placeholder')).toBeNull();
      expect(screen.getByTestId('rest')).toBeTruthy();
    } finally {
      globalThis.reportError = original;
    }
  });
});
