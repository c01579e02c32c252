import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGeneration, fakeGenerationPage, jsonResponse, stubFetch } from '../../../test/fake-api';
import { GenerationIndicator } from './generation-indicator';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
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
    fetchMock.mockResolvedValue(
      jsonResponse(
        200,
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
      ),
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
    fetchMock.mockResolvedValue(jsonResponse(200, fakeGenerationPage([])));
    renderIndicator();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('generation-indicator')).toBeNull();
  });
});
