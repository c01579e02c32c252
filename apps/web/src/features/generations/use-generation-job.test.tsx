import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@baegen/shared';
import { fakeGeneration, jsonResponse, stubFetch } from '../../test/fake-api';
import { applyGenerationEvent } from './api/generation-events.handlers';
import { generationKeys } from './api/generations.queries';
import type { GenerationForm } from './generation-forms';
import { useGenerationJob } from './use-generation-job';

const portrait = fakeGeneration({ $id: 'p1', kind: 'image', characterId: null, prompt: 'Portrait of Luna' });

function renderJobHook(form: GenerationForm, url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/elsewhere', url]} initialIndex={1}>
        {children}
      </MemoryRouter>
    </QueryClientProvider>
  );
  const view = renderHook(
    () => ({ job: useGenerationJob(form), location: useLocation(), navigation: useNavigationType() }),
    { wrapper },
  );
  return { client, ...view };
}

describe('useGenerationJob', () => {
  let fetchMock: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    fetchMock = stubFetch();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("reads the job named in its form's own URL parameter", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, portrait));
    const { result } = renderJobHook('portrait', '/characters/new?portraitJob=p1&job=other');

    expect(result.current.job.jobId).toBe('p1');
    expect(result.current.job.loading).toBe(true);
    await waitFor(() => expect(result.current.job.job).toEqual(portrait));
    expect(result.current.job.loading).toBe(false);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/generations/p1']);
  });

  it('follows and forgets a job by replacing the URL, leaving the other parameters be', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, fakeGeneration({ $id: 'j2' })));
    const { result } = renderJobHook('media', '/media/new?type=image');
    expect(result.current.job.jobId).toBeNull();
    expect(result.current.job.loading).toBe(false);

    act(() => result.current.job.follow('j2'));
    expect(result.current.location.search).toBe('?type=image&job=j2');
    expect(result.current.navigation).toBe('REPLACE');
    await waitFor(() => expect(result.current.job.job?.$id).toBe('j2'));

    act(() => result.current.job.forget());
    expect(result.current.location.search).toBe('?type=image');
    expect(result.current.job.job).toBeUndefined();
  });

  it("leaves a portrait's ending to its form while it shows the job, and to the toasts after", async () => {
    const error = vi.spyOn(toast, 'error');
    const success = vi.spyOn(toast, 'success');
    fetchMock.mockResolvedValue(jsonResponse(200, portrait));
    const { client, result, unmount } = renderJobHook('portrait', '/characters/new?portraitJob=p1');
    await waitFor(() => expect(result.current.job.job).toEqual(portrait));

    act(() => applyGenerationEvent(client, { ...portrait, status: 'failed' }));
    await waitFor(() => expect(result.current.job.job?.status).toBe('failed'));
    expect(error).not.toHaveBeenCalled();

    unmount();
    client.setQueryData(generationKeys.detail('p1'), portrait);
    applyGenerationEvent(client, { ...portrait, status: 'succeeded', outputs: ['/api/files/a/view'] });
    expect(success).toHaveBeenCalledOnce();
  });

  it("has the media form's failure toasted in its words while it shows the job", async () => {
    const error = vi.spyOn(toast, 'error');
    const job = fakeGeneration({ $id: 'j3' });
    fetchMock.mockResolvedValue(jsonResponse(200, job));
    const { client, result } = renderJobHook('media', '/media/new?job=j3');
    await waitFor(() => expect(result.current.job.job).toEqual(job));

    act(() => applyGenerationEvent(client, { ...job, status: 'failed' }));
    expect(error).toHaveBeenCalledExactlyOnceWith(MESSAGES.media.generateFailed, { id: 'generation-j3' });
  });
});
