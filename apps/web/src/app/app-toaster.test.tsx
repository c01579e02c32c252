import { act, render, screen } from '@testing-library/react';
import toast, { useToasterStore } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_LIMIT } from '@baegen/shared';
import { AppToaster } from './app-toaster';
import { toasterProps } from './toaster-config';

function VisibleCount() {
  const { toasts } = useToasterStore();
  return <output data-testid="visible">{toasts.filter((t) => t.visible).length}</output>;
}

function renderToaster() {
  return render(
    <>
      <AppToaster />
      <VisibleCount />
    </>,
  );
}

const visible = () => Number(screen.getByTestId('visible').textContent);

describe('toaster configuration', () => {
  it('sits at the top right with the per-kind durations of docs/product.md §9.4', () => {
    expect(toasterProps.position).toBe('top-right');
    const options = toasterProps.toastOptions!;
    expect(options.blank?.duration).toBe(4000);
    expect(options.error?.duration).toBe(4000);
    expect(options.success?.duration).toBe(2000);
    expect(options.loading?.duration).toBe(Infinity);
    expect(options.custom?.duration).toBe(4000);
  });
});

describe('AppToaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => {
      toast.remove();
    });
    vi.useRealTimers();
  });

  it('hides a success toast after 2 s and an error toast after 4 s', () => {
    renderToaster();
    act(() => {
      toast.success('saved');
      toast.error('failed');
    });
    expect(visible()).toBe(2);
    act(() => vi.advanceTimersByTime(1999));
    expect(visible()).toBe(2);
    act(() => vi.advanceTimersByTime(1));
    expect(visible()).toBe(1);
    act(() => vi.advanceTimersByTime(2000));
    expect(visible()).toBe(0);
  });

  it('keeps a loading toast until it is dismissed', () => {
    renderToaster();
    let id = '';
    act(() => {
      id = toast.loading('working');
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(visible()).toBe(1);
    act(() => toast.dismiss(id));
    expect(visible()).toBe(0);
  });

  it(`shows at most ${TOAST_LIMIT} toasts, newest kept`, () => {
    renderToaster();
    act(() => {
      for (let n = 1; n <= TOAST_LIMIT + 5; n++) toast(`message ${n}`);
    });
    expect(visible()).toBe(TOAST_LIMIT);
    expect(screen.queryByText(`message ${TOAST_LIMIT + 5}`)).not.toBeNull();
    expect(screen.queryByText('message 1')).toBeNull();
  });
});
