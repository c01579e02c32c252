import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, VIEWER_LABELS } from '@baegen/shared';
import { createQueryClient } from '../../lib/query-client';
import {
  errorResponse,
  fakeMedia,
  fakeMediaPage,
  jsonResponse,
  noContentResponse,
  stubFetchEachTest,
} from '../../test/fake-api';
import { allowModalDialogs } from '../../test/modal-dialogs';
import { CurrentUrl, currentUrl } from '../../test/router-kit';
import { MediaViewerPage } from './media-viewer-page';

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = stubFetchEachTest();
const items = ['Dawn', 'Noon', 'Dusk'].map((prompt, i) => fakeMedia({ $id: `m${i + 1}`, prompt }));

/** Answers each request from `answers`, by the method and the start of the path it asks for. */
function serve(answers: Record<string, () => Response>) {
  fetchMock.mockImplementation((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const match = Object.keys(answers).find((prefix) => key.startsWith(prefix));
    return Promise.resolve(match ? answers[match]!() : errorResponse(500, 'UNEXPECTED'));
  });
}

function renderAt(url: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/media" element={null} />
          <Route path="/media/:id" element={<MediaViewerPage />} />
        </Routes>
        <CurrentUrl />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const viewer = () => screen.getByRole('dialog', { name: /^Media viewer/ });

describe('MediaViewerPage', () => {
  beforeEach(allowModalDialogs);

  it('shows the media of the filtered list, focused on Close, and steps with the arrow keys', async () => {
    serve({ 'GET /api/media?': () => jsonResponse(200, fakeMediaPage(items)) });
    renderAt('/media/m2?type=image');
    expect(await screen.findByRole('heading', { name: 'Noon' })).toBeTruthy();
    expect(screen.getByText(VIEWER_LABELS.position(2, 3))).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: VIEWER_LABELS.close })),
    );
    expect(fetchMock.mock.calls[0]![0]).toContain('type=image');

    fireEvent.keyDown(viewer(), { key: 'ArrowRight' });
    expect(currentUrl()).toBe('/media/m3?type=image');
    expect(screen.queryByRole('button', { name: /^Next/ })).toBeNull();
    fireEvent.keyDown(viewer(), { key: 'ArrowLeft' });
    fireEvent.keyDown(viewer(), { key: 'ArrowLeft' });
    expect(currentUrl()).toBe('/media/m1?type=image');

    // Opened from a link, not from the gallery: Escape goes to the gallery with the filters.
    fireEvent.keyDown(viewer(), { key: 'Escape' });
    expect(currentUrl()).toBe('/media?type=image');
  });

  it('fetches alone a media the list does not hold', async () => {
    serve({
      'GET /api/media?': () => jsonResponse(200, fakeMediaPage(items)),
      'GET /api/media/m9': () => jsonResponse(200, fakeMedia({ $id: 'm9', prompt: 'Elsewhere' })),
    });
    renderAt('/media/m9');
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
    expect(screen.queryByText(VIEWER_LABELS.position(1, 3))).toBeNull();
  });

  it('offers the way back when the media is not found', async () => {
    serve({
      'GET /api/media?': () => jsonResponse(200, fakeMediaPage(items)),
      'GET /api/media/gone': () => errorResponse(404, 'MEDIA_NOT_FOUND'),
    });
    renderAt('/media/gone?q=sea');
    expect(await screen.findByRole('heading', { name: VIEWER_LABELS.notFoundTitle })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: VIEWER_LABELS.backToGallery }));
    expect(currentUrl()).toBe('/media?q=sea');
  });

  it('deletes after the confirmation and shows the next media', async () => {
    serve({
      'GET /api/media?': () => jsonResponse(200, fakeMediaPage(items)),
      'DELETE /api/media/m2': () => noContentResponse(),
    });
    renderAt('/media/m2');
    fireEvent.click(await screen.findByRole('button', { name: VIEWER_LABELS.delete('Noon') }));
    const confirm = screen.getByRole('dialog', { name: MESSAGES.media.deleteTitle });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Dusk' })).toBeTruthy();
    expect(currentUrl()).toBe('/media/m3');
    expect(
      fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && url === '/api/media/m2'),
    ).toBe(true);
  });
});
