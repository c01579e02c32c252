import { act, fireEvent, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ToasterMount } from './toaster-mount';

afterEach(() => {
  act(() => {
    toast.remove();
  });
});

// After the render's cleanup, which still cancels the idle callback.
afterAll(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <ToasterMount />
    </MemoryRouter>,
  );
}

describe('ToasterMount', () => {
  it('leaves the toaster out of the landing page until the visitor interacts', async () => {
    renderAt('/');
    act(() => {
      toast('queued while reading');
    });
    expect(screen.queryByText('queued while reading')).toBeNull();
    fireEvent.pointerDown(document.body);
    expect(await screen.findByText('queued while reading')).toBeTruthy();
  });

  it('leaves the toaster out of /login until the visitor interacts', async () => {
    renderAt('/login');
    act(() => {
      toast.error('queued before a press');
    });
    expect(screen.queryByText('queued before a press')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(await screen.findByText('queued before a press')).toBeTruthy();
  });

  it('mounts the toaster on any other page once the browser is first idle', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
    renderAt('/dashboard');
    act(() => {
      toast.error('shown');
    });
    expect(screen.queryByText('shown')).toBeNull();
    act(() => idle.forEach((callback) => callback()));
    expect(await screen.findByText('shown')).toBeTruthy();
  });
});
