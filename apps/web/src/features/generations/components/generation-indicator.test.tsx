import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GenerationList } from '@baegen/shared';
import { fakeGeneration, fakeGenerationPage, jsonResponse, stubFetch } from '../../../test/fake-api';
import { GenerationIndicator } from './generation-indicator';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

/** The active jobs the server answers, and the finished ones whose pictures are not saved. */
function answer(
  fetchMock: ReturnType<typeof stubFetch>,
  active: GenerationList,
  unsaved = fakeGenerationPage([]),
) {
  fetchMock.mockImplementation(async (url: string) =>
    jsonResponse(200, url.includes('status=unsaved') ? unsaved : active),
  );
}

function renderIndicator() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/characters']}>
        <GenerationIndicator />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('GenerationIndicator', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('counts the active jobs and links each one back to its form', async () => {
    const fetchMock = stubFetch();
    answer(
      fetchMock,
      fakeGenerationPage([
        fakeGeneration({
          $id: 'v1',
          kind: 'video',
          prompt: 'Walking through falling snow on a quiet winter night in the city',
          progress: { phase: 'generating', percent: 35, queuePosition: null, etaSeconds: null },
        }),
        fakeGeneration({ $id: 'c1', kind: 'character', prompt: 'Reading' }),
        fakeGeneration({ $id: 'p1', kind: 'image', characterId: null, prompt: 'Portrait of Luna' }),
      ]),
    );
    renderIndicator();

    const badge = await screen.findByRole('button', { name: 'Generations in progress: 3' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/generations?status=active&limit=100');
    fireEvent.click(badge);
    const rows = screen.getAllByTestId('active-generation');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Video35%Walking through falling snow on a quiet ...',
      'ImagesGeneratingReading',
      'PortraitGeneratingPortrait of Luna',
    ]);
    fireEvent.click(rows[1]!);
    expect(screen.getByTestId('where').textContent).toBe('/media/new?job=c1');
    expect(screen.queryAllByTestId('active-generation')).toHaveLength(0);
    fireEvent.click(badge);
    fireEvent.click(screen.getAllByTestId('active-generation')[2]!);
    expect(screen.getByTestId('where').textContent).toBe('/characters/new?portraitJob=p1');
  });

  it('shows nothing while no job runs', async () => {
    const fetchMock = stubFetch();
    answer(fetchMock, fakeGenerationPage([]));
    renderIndicator();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId('generation-indicator')).toBeNull();
  });

  it('keeps finished jobs whose pictures are not saved, each leading back to its form or dismissed', async () => {
    const fetchMock = stubFetch();
    const done = { status: 'succeeded' as const, outputs: ['/api/files/a/view', '/api/files/b/view'] };
    answer(
      fetchMock,
      fakeGenerationPage([fakeGeneration({ $id: 'c1', kind: 'character', prompt: 'Reading' })]),
      fakeGenerationPage([fakeGeneration({ $id: 'c0', kind: 'character', prompt: 'At the beach', ...done })]),
    );
    renderIndicator();

    const badge = await screen.findByRole('button', { name: 'Generations: 1 in progress, 1 not saved' });
    expect(badge.textContent).toBe('2');
    fireEvent.click(badge);
    expect(screen.getByText('Ready to save')).toBeTruthy();
    expect(screen.getByTestId('unsaved-generation').textContent).toBe('2 imagesNot savedAt the beach');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss 2 images: At the beach' }));
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/generations/c0/dismiss', expect.anything()),
    );
    fireEvent.click(screen.getByTestId('unsaved-generation'));
    expect(screen.getByTestId('where').textContent).toBe('/media/new?job=c0');
  });
});
