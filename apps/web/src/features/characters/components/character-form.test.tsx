import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_MESSAGES,
  MESSAGES,
  defaultAvatarUrl,
  generatedUrlsSchema,
  improvePromptResponseSchema,
} from '@baegen/shared';
import { createQueryClient } from '../../../lib/query-client';
import {
  errorResponse,
  fakeCharacter,
  fakeFileUpload,
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

function renderForm(initialValues: CharacterFormValues = emptyFormValues, characterId?: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/characters/new']}>
        <Routes>
          <Route
            path="/characters/new"
            element={<CharacterForm initialValues={initialValues} characterId={characterId} />}
          />
          <Route path="/characters" element={<p>characters list</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
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

  it('locks the actions while generating, then uses the first image', async () => {
    const reply = clickWithPendingReply('Generate');

    expect(
      ((await screen.findByRole('button', { name: 'Generating...' })) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(button('Optimize Prompt').disabled).toBe(true);
    expect(button('Deploy Character').disabled).toBe(true);
    expect(field('Character Image URL').readOnly).toBe(true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/generate/image');
    const { prompt } = JSON.parse(String(init?.body)) as { prompt: string };
    expect(prompt).toContain('Luna');
    expect(prompt).toContain('silver hair');

    await act(async () =>
      reply.release(
        jsonResponse(
          200,
          generatedUrlsSchema.parse({ urls: ['/api/files/one/view', '/api/files/two/view'] }),
        ),
      ),
    );
    // The stored picture shows by its origin, not its internal address, until asked for the URL.
    expect(await screen.findByText(MESSAGES.characters.portraitGenerated)).toBeTruthy();
    expect(screen.queryByDisplayValue('/api/files/one/view')).toBeNull();
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.characters.imageGenerated);
    expect(button('Generate').disabled).toBe(false);
    fireEvent.click(button('Edit URL'));
    expect(field('Character Image URL').value).toBe('/api/files/one/view');
    expect(document.activeElement).toBe(field('Character Image URL'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
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

  it('falls back to the default avatar of the name when generating fails', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, generatedUrlsSchema.parse({ urls: [] })));
    renderForm({ ...filled, imageUrl: 'https://old.example/a.png' });
    fireEvent.click(button('Generate'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.characters.imageFailed));
    expect(field('Character Image URL').value).toBe(defaultAvatarUrl('Luna'));
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
