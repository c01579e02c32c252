import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_MESSAGES, MESSAGES, defaultAvatarUrl, improvePromptResponseSchema } from '@baegen/shared';
import { createQueryClient } from '../../../lib/query-client';
import {
  errorResponse,
  fakeCharacter,
  fakeFileUpload,
  fakeGeneration,
  jsonResponse,
  stubFetch,
} from '../../../test/fake-api';
import { type CharacterFormValues, emptyFormValues } from '../character-form.model';
import { CharacterForm } from './character-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-hot-toast', () => ({ default: toast }));

let fetchMock: ReturnType<typeof stubFetch>;

beforeEach(() => {
  fetchMock = stubFetch();
  toast.success.mockClear();
  toast.error.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A fetch answer the test releases when it wants, to look at the form mid-request. */
function deferredReply() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

let client: QueryClient;

function renderForm(
  initialValues: CharacterFormValues = emptyFormValues,
  characterId?: string,
  url = '/characters/new',
) {
  client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/characters/new"
            element={<CharacterForm initialValues={initialValues} characterId={characterId} />}
          />
          <Route path="/characters" element={<p>characters list</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The portrait's job as the server answers it: an image job for a new character, still running. */
const portraitJob = fakeGeneration({
  $id: 'p1',
  kind: 'image',
  characterId: null,
  prompt: 'Portrait of Luna',
});
const portraitDone = { ...portraitJob, status: 'succeeded' as const, outputs: ['/api/files/one/view'] };

/** The job has moved on and the form hears of it, as the event stream would tell the cache. */
async function jobBecomes(job: typeof portraitJob) {
  fetchMock.mockResolvedValueOnce(jsonResponse(200, job));
  await act(() => client.invalidateQueries());
}

const filled: CharacterFormValues = {
  name: 'Luna',
  imageUrl: '',
  appearance: 'silver hair',
  description: 'Astronomer',
  personality: 'Calm',
};

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

/** Renders the filled form and clicks `action`, whose request waits until the test releases its answer. */
function clickWithPendingReply(action: string) {
  const reply = deferredReply();
  fetchMock.mockReturnValueOnce(reply.promise);
  renderForm(filled);
  fireEvent.click(button(action));
  return reply;
}

describe('CharacterForm', () => {
  it('labels every field and names its buttons for create and edit', () => {
    renderForm();
    for (const label of [
      'Character Name',
      'Character Image URL',
      'Appearance Parameters',
      'Background Description',
      'Personality Matrix',
    ]) {
      expect(field(label)).toBeTruthy();
    }
    expect(button('Deploy Character').type).toBe('submit');
  });

  it('shows "Update Character" when editing', () => {
    renderForm(filled, 'abc');
    expect(button('Update Character')).toBeTruthy();
  });

  it('refuses to save without a name or an appearance, without calling the API', () => {
    renderForm({ ...filled, appearance: '   ' });
    fireEvent.click(button('Deploy Character'));
    expect(toast.error).toHaveBeenCalledWith(MESSAGES.characters.nameAndAppearanceRequired);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for an appearance before optimizing or generating', () => {
    renderForm({ ...filled, appearance: '' });
    fireEvent.click(button('Optimize Prompt'));
    expect(toast.error).toHaveBeenCalledWith(MESSAGES.characters.appearanceNeededToImprove);
    fireEvent.click(button('Generate'));
    expect(toast.error).toHaveBeenCalledWith(MESSAGES.characters.appearanceNeededToGenerate);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('locks the actions while optimizing, then replaces the appearance', async () => {
    const reply = clickWithPendingReply('Optimize Prompt');

    const optimizing = await screen.findByRole('button', { name: 'Optimizing...' });
    expect((optimizing as HTMLButtonElement).disabled).toBe(true);
    expect(button('Generate').disabled).toBe(true);
    expect(button('Deploy Character').disabled).toBe(true);
    expect(field('Appearance Parameters').readOnly).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Optimizing prompt...');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/generate/prompt');
    expect(JSON.parse(String(init?.body))).toEqual({ appearance: 'silver hair' });

    await act(async () =>
      reply.release(
        jsonResponse(200, improvePromptResponseSchema.parse({ prompt: 'Detailed: silver hair' })),
      ),
    );
    await waitFor(() => expect(field('Appearance Parameters').value).toBe('Detailed: silver hair'));
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.characters.improved);
    expect(button('Optimize Prompt').disabled).toBe(false);
    expect(button('Deploy Character').disabled).toBe(false);
  });

  it('keeps the appearance and says so when optimizing fails', async () => {
    fetchMock.mockResolvedValueOnce(errorResponse(502, 'X', 'down'));
    renderForm(filled);
    fireEvent.click(button('Optimize Prompt'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.characters.improveFailed));
    expect(field('Appearance Parameters').value).toBe('silver hair');
  });

  it("passes on the server's reason when a generation call is refused or rate limited", async () => {
    const limited = API_MESSAGES.service.generationRateLimited(30);
    fetchMock
      .mockResolvedValueOnce(errorResponse(429, 'RATE_LIMITED', limited))
      .mockResolvedValueOnce(errorResponse(422, 'PROMPT_REFUSED', API_MESSAGES.service.promptRefused));
    renderForm(filled);
    fireEvent.click(button('Optimize Prompt'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(limited));
    await waitFor(() => expect(button('Generate').disabled).toBe(false));
    fireEvent.click(button('Generate'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(API_MESSAGES.service.promptRefused));
    expect(field('Character Image URL').value).toBe(defaultAvatarUrl('Luna'));
  });

  it('locks the actions while the portrait job runs, shows its progress, then uses its picture', async () => {
    const reply = clickWithPendingReply('Generate');

    expect(
      ((await screen.findByRole('button', { name: 'Generating...' })) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(button('Optimize Prompt').disabled).toBe(true);
    expect(button('Deploy Character').disabled).toBe(true);
    expect(field('Character Image URL').readOnly).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Generating image...');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/generations');
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body)) as { kind: string; prompt: string };
    expect(body).toEqual({ kind: 'image', prompt: expect.stringContaining('Luna') });
    expect(body.prompt).toContain('silver hair');

    await act(async () => reply.release(jsonResponse(201, portraitJob)));
    expect(screen.getByTestId('where').textContent).toBe('/characters/new?portraitJob=p1');
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toBeTruthy();
    expect(button('Cancel').disabled).toBe(false);
    expect(button('Generating...').disabled).toBe(true);

    await jobBecomes(portraitDone);
    // The stored picture shows by its origin, not its internal address, until asked for the URL.
    expect(await screen.findByText(MESSAGES.characters.portraitGenerated)).toBeTruthy();
    expect(screen.queryByDisplayValue('/api/files/one/view')).toBeNull();
    expect(toast.success).toHaveBeenCalledExactlyOnceWith(MESSAGES.characters.imageGenerated);
    expect(screen.queryByRole('progressbar')).toBeNull();
    // The id stays: a reload brings the picture back, and nothing navigates when a job ends.
    expect(screen.getByTestId('where').textContent).toBe('/characters/new?portraitJob=p1');
    expect(button('Generate').disabled).toBe(false);
    fireEvent.click(button('Edit URL'));
    expect(field('Character Image URL').value).toBe('/api/files/one/view');
    expect(document.activeElement).toBe(field('Character Image URL'));
  });

  it('shows a job named in the URL again after a reload, and fills the portrait when it ends', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, portraitJob));
    renderForm(emptyFormValues, undefined, '/characters/new?portraitJob=p1');

    expect(button('Generating...').disabled).toBe(true);
    expect(await screen.findByRole('progressbar', { name: 'Generation progress' })).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/generations/p1');
    expect(screen.getByRole('status').textContent).toBe('Generating image...');

    await jobBecomes(portraitDone);
    expect(await screen.findByText(MESSAGES.characters.portraitGenerated)).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.characters.imageGenerated);
  });

  it('puts back the picture of a job that had ended before the form read it, without news', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, portraitDone));
    renderForm(emptyFormValues, undefined, '/characters/new?portraitJob=p1');
    expect(await screen.findByText(MESSAGES.characters.portraitGenerated)).toBeTruthy();
    expect(button('Generate').disabled).toBe(false);
    fireEvent.click(button('Edit URL'));
    expect(field('Character Image URL').value).toBe('/api/files/one/view');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('leaves the field alone for a job that had failed before the form read it', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ...portraitJob, status: 'failed' }));
    renderForm({ ...filled, imageUrl: 'https://old.example/a.png' }, 'abc', '/characters/new?portraitJob=p1');
    await waitFor(() => expect(button('Generate').disabled).toBe(false));
    expect(field('Character Image URL').value).toBe('https://old.example/a.png');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('cancels the running job quietly and leaves the portrait as it was', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, portraitJob));
    renderForm(
      { ...filled, imageUrl: 'https://old.example/a.png' },
      undefined,
      '/characters/new?portraitJob=p1',
    );
    await screen.findByRole('progressbar', { name: 'Generation progress' });

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ...portraitJob, status: 'cancelled' }));
    fireEvent.click(button('Cancel'));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/generations/p1/cancel');
    expect(init?.method).toBe('POST');
    expect(button('Generate').disabled).toBe(false);
    expect(field('Character Image URL').value).toBe('https://old.example/a.png');
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says so when the job cannot be cancelled, and follows it on', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, portraitJob));
    renderForm(filled, undefined, '/characters/new?portraitJob=p1');
    await screen.findByRole('progressbar', { name: 'Generation progress' });

    fetchMock.mockResolvedValueOnce(errorResponse(409, 'GENERATION_FINISHED'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.click(button('Cancel'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.generations.cancelFailed));
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toBeTruthy();
    vi.mocked(console.error).mockRestore();
  });

  it("ties an edited character's portrait job to the character", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { ...portraitJob, characterId: 'abc' }));
    renderForm(filled, 'abc');
    fireEvent.click(button('Generate'));
    await screen.findByRole('progressbar', { name: 'Generation progress' });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({
      kind: 'image',
      characterId: 'abc',
    });
  });

  it.each([
    ['generated-1.png', MESSAGES.characters.portraitGenerated],
    ['holiday.jpg', MESSAGES.characters.portraitUploaded],
  ])("names a saved character's stored portrait %s by its origin", async (name, label) => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, fakeFileUpload({ $id: 'p1', name })));
    renderForm({ ...filled, imageUrl: '/api/files/p1/view' }, 'abc');
    expect(await screen.findByText(label)).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/files/p1');
    expect(screen.getByRole('group', { name: 'Character Image URL' })).toBeTruthy();
  });

  it('shows any other image address as it is', () => {
    renderForm({ ...filled, imageUrl: 'https://old.example/a.png' });
    expect(field('Character Image URL').value).toBe('https://old.example/a.png');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['fails', { ...portraitJob, status: 'failed' as const }],
    ['ends without a picture', { ...portraitDone, outputs: [] }],
  ])('falls back to the default avatar of the name when the job %s', async (_, ended) => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, portraitJob));
    renderForm(
      { ...filled, imageUrl: 'https://old.example/a.png' },
      undefined,
      '/characters/new?portraitJob=p1',
    );
    await screen.findByRole('progressbar', { name: 'Generation progress' });

    await jobBecomes(ended);
    await waitFor(() => expect(toast.error).toHaveBeenCalledExactlyOnceWith(MESSAGES.characters.imageFailed));
    expect(field('Character Image URL').value).toBe(defaultAvatarUrl('Luna'));
    expect(button('Generate').disabled).toBe(false);
  });

  it('disables the form while saving, then goes to the list with a success toast', async () => {
    const reply = clickWithPendingReply('Deploy Character');

    await waitFor(() => expect(button('Deploy Character').disabled).toBe(true));
    expect(field('Character Name').matches(':disabled')).toBe(true);
    expect(button('Generate').disabled).toBe(true);
    fireEvent.click(button('Deploy Character'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/characters');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ ...filled });

    await act(async () => reply.release(jsonResponse(201, fakeCharacter({ $id: 'new', name: 'Luna' }))));
    expect(await screen.findByText('characters list')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.characters.created);
  });

  it('updates an existing character with PATCH', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, fakeCharacter({ $id: 'abc', name: 'Luna' })));
    renderForm(filled, 'abc');
    fireEvent.click(button('Update Character'));
    expect(await screen.findByText('characters list')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/characters/abc');
    expect(init?.method).toBe('PATCH');
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.characters.updated);
  });

  it('tells a signed-out user to log in, and other failures to try again', async () => {
    fetchMock
      .mockResolvedValueOnce(errorResponse(401, 'UNAUTHENTICATED'))
      .mockResolvedValueOnce(errorResponse(500, 'INTERNAL_ERROR'));
    renderForm(filled);
    fireEvent.click(button('Deploy Character'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.characters.notLoggedIn));
    await waitFor(() => expect(button('Deploy Character').disabled).toBe(false));
    fireEvent.click(button('Deploy Character'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.characters.saveFailed));
    expect(screen.queryByText('characters list')).toBeNull();
  });
});
