import { act, fireEvent, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ToasterMount } from './toaster-mount';

afterEach(() => {
  act(() => {
    toast.remove();
  });
});

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

  it('mounts the toaster right away on any other page', async () => {
    renderAt('/login');
    act(() => {
      toast.error('shown');
    });
    expect(await screen.findByText('shown')).toBeTruthy();
  });
});
