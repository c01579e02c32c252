import { toast } from '../../../test/toast-mock';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES, MESSAGES, defaultAvatarUrl, improvePromptResponseSchema } from '@baegen/shared';
import { errorResponse, fakeCharacter, jsonResponse } from '../../../test/fake-api';
import { button, clickPending, fetchMock, field, filled, renderForm, startBusy } from './character-form-kit';

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

  it('refuses to save without a name or an appearance, without calling the API', async () => {
    renderForm({ ...filled, appearance: '   ' });
    fireEvent.click(button('Deploy Character'));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(MESSAGES.characters.nameAndAppearanceRequired),
    );
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
    const reply = await startBusy('Optimize Prompt');
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

  it('disables the form while saving, then goes to the list with a success toast', async () => {
    const reply = clickPending('Deploy Character');

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
