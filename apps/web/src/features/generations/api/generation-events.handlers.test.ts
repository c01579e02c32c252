import { QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Generation, type GenerationList, MESSAGES } from '@baegen/shared';
import { mediaKeys } from '../../../api/media.queries';
import { fakeGeneration, fakeGenerationPage, jsonResponse, stubFetch } from '../../../test/fake-api';
import { useFailedVideos } from '../failed-videos.store';
import {
  applyGenerationEvent,
  forgetGenerations,
  resyncGenerations,
  showGenerationOnForm,
} from './generation-events.handlers';
import { generationKeys } from './generations.queries';

const running = fakeGeneration({ $id: 'job1', status: 'running' });
const succeeded = fakeGeneration({
  $id: 'job1',
  status: 'succeeded',
  outputs: ['/api/files/a/view'],
  finishedAt: '2026-03-08T12:00:05.000Z',
});

function clientWithActive(jobs: Generation[]) {
  const client = new QueryClient();
  client.setQueryData(generationKeys.active, fakeGenerationPage(jobs));
  return client;
}

const activeIds = (client: QueryClient) =>
  client.getQueryData<GenerationList>(generationKeys.active)?.documents.map((job) => job.$id);

describe('applyGenerationEvent', () => {
  let success: ReturnType<typeof vi.spyOn>;
  let error: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    success = vi.spyOn(toast, 'success');
    error = vi.spyOn(toast, 'error');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    useFailedVideos.setState({ jobs: [] });
  });

  it('adds a new active job to the list and keeps the latest copy of it', () => {
    const client = clientWithActive([]);
    applyGenerationEvent(client, running);
    const later = { ...running, progress: { ...running.progress, percent: 40 } };
    applyGenerationEvent(client, later);
    expect(activeIds(client)).toEqual(['job1']);
    expect(client.getQueryData(generationKeys.detail('job1'))).toEqual(later);
    expect(success).not.toHaveBeenCalled();
  });

  it('takes a finished job out of the list and says the images are ready', () => {
    const client = clientWithActive([running]);
    applyGenerationEvent(client, succeeded);
    expect(activeIds(client)).toEqual([]);
    expect(client.getQueryData<GenerationList>(generationKeys.active)?.total).toBe(0);
    expect(success).toHaveBeenCalledOnce();
    expect(JSON.stringify(success.mock.calls[0]?.[0].props)).toContain(MESSAGES.generations.imageReady);
  });

  it('leaves images to the form that shows the job, but reports every failure, on the form in the words of docs/product.md §8.1', () => {
    const client = clientWithActive([running, fakeGeneration({ $id: 'job2' })]);
    const undo = showGenerationOnForm('job1', 'images');
    applyGenerationEvent(client, succeeded);
    applyGenerationEvent(client, fakeGeneration({ $id: 'job2', status: 'failed' }));
    undo();
    expect(success).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledExactlyOnceWith(MESSAGES.generations.imageFailed, {
      id: 'generation-job2',
    });

    const shown = clientWithActive([fakeGeneration({ $id: 'job3' })]);
    const undoShown = showGenerationOnForm('job3', 'images');
    applyGenerationEvent(shown, fakeGeneration({ $id: 'job3', status: 'failed' }));
    undoShown();
    expect(error).toHaveBeenLastCalledWith(MESSAGES.media.generateFailed, { id: 'generation-job3' });
  });

  it('leaves every ending of a portrait to the field that shows it, and toasts it once it is gone', () => {
    const portrait = fakeGeneration({ $id: 'p1', kind: 'image', characterId: null });
    const client = clientWithActive([portrait, { ...portrait, $id: 'p2' }]);
    const undo = showGenerationOnForm('p1', 'everything');
    const undoTwice = showGenerationOnForm('p1', 'everything');
    undoTwice();
    applyGenerationEvent(client, { ...portrait, status: 'failed' });
    undo();
    expect(error).not.toHaveBeenCalled();
    expect(activeIds(client)).toEqual(['p2']);

    applyGenerationEvent(client, {
      ...portrait,
      $id: 'p2',
      status: 'succeeded',
      outputs: ['/api/files/a/view'],
    });
    expect(success).toHaveBeenCalledOnce();
    expect(JSON.stringify(success.mock.calls[0]?.[0].props)).toContain('/characters/new?portraitJob=p2');
  });

  it('refreshes the media after a video succeeds and keeps a failed video for the gallery', () => {
    const video = fakeGeneration({ $id: 'v1', kind: 'video' });
    const client = clientWithActive([video, { ...video, $id: 'v2' }]);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyGenerationEvent(client, { ...video, status: 'succeeded', mediaIds: ['m1'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: mediaKeys.all });
    expect(JSON.stringify(success.mock.calls[0]?.[0].props)).toContain(MESSAGES.generations.videoReady);

    applyGenerationEvent(client, { ...video, $id: 'v2', status: 'failed' });
    expect(useFailedVideos.getState().jobs.map((job) => job.$id)).toEqual(['v2']);
    expect(error).toHaveBeenCalledWith(MESSAGES.generations.videoFailed, { id: 'generation-v2' });
  });

  it('stays quiet about a cancellation and about a job it never saw running', () => {
    const client = clientWithActive([running]);
    applyGenerationEvent(client, { ...running, status: 'cancelled' });
    applyGenerationEvent(client, { ...succeeded, $id: 'unknown' });
    expect(success).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(activeIds(client)).toEqual([]);
  });
});

describe('resyncGenerations', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads the active list again and each followed job that left it', async () => {
    vi.spyOn(toast, 'success');
    const fetchMock = stubFetch();
    const other = fakeGeneration({ $id: 'job2', progress: { ...running.progress, percent: 80 } });
    fetchMock.mockImplementation(async (url) =>
      url.startsWith('/api/generations?status=active')
        ? jsonResponse(200, fakeGenerationPage([other]))
        : jsonResponse(200, succeeded),
    );
    const client = clientWithActive([running, fakeGeneration({ $id: 'job2' })]);

    await resyncGenerations(client);

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/generations?status=active&limit=100',
      '/api/generations/job1',
    ]);
    expect(activeIds(client)).toEqual(['job2']);
    expect(client.getQueryData(generationKeys.detail('job1'))).toEqual(succeeded);
    expect(client.getQueryData(generationKeys.detail('job2'))).toEqual(other);
    expect(toast.success).toHaveBeenCalledOnce();
  });
});

describe('forgetGenerations', () => {
  it('drops every job and failed video of the user who signed out', () => {
    const client = clientWithActive([running]);
    client.setQueryData(generationKeys.detail('job1'), running);
    useFailedVideos.getState().add(fakeGeneration({ $id: 'v1', kind: 'video', status: 'failed' }));
    forgetGenerations(client);
    expect(client.getQueryData(generationKeys.active)).toBeUndefined();
    expect(client.getQueryData(generationKeys.detail('job1'))).toBeUndefined();
    expect(useFailedVideos.getState().jobs).toEqual([]);
  });
});
