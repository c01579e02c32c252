import { toast } from '../../../test/toast-mock';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FORM_TEXT, LIMITS, MESSAGES, improvePromptResponseSchema } from '@baegen/shared';
import { jsonResponse } from '../../../test/fake-api';
import { currentUrl } from '../../../test/router-kit';
import { emptyFormValues } from '../character-form.model';
import { button, fetchMock, field, filled, renderForm } from './character-form-kit';

const describedText = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('CharacterForm feedback', () => {
  it('marks the missing fields, says why beside each, and focuses the first', async () => {
    renderForm(emptyFormValues);
    fireEvent.click(button('Deploy Character'));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(MESSAGES.characters.nameAndAppearanceRequired),
    );
    const name = field('Character Name');
    const appearance = field('Appearance Parameters');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(appearance.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(name)).toContain(FORM_TEXT.errors.name);
    expect(describedText(appearance)).toContain(FORM_TEXT.errors.appearance);
    // Focus moves in an effect once the errors are drawn, which a busy machine may run a little later.
    await waitFor(() => expect(document.activeElement).toBe(name));

    fireEvent.change(name, { target: { value: 'Luna' } });
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(FORM_TEXT.errors.name)).toBeNull();
    fireEvent.click(button('Deploy Character'));
    await waitFor(() => expect(document.activeElement).toBe(appearance));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts characters near the name and text limits, and says when one is reached', () => {
    renderForm({ ...filled, name: 'x'.repeat(LIMITS.characterName) });
    expect(
      screen.getByText(FORM_TEXT.counter(LIMITS.characterName, LIMITS.characterName), { exact: false }),
    ).toBeTruthy();
    expect(describedText(field('Character Name'))).toContain(FORM_TEXT.counterFull);
    expect(screen.getAllByTestId('char-counter')).toHaveLength(1);

    fireEvent.change(field('Background Description'), { target: { value: 'y'.repeat(3500) } });
    expect(screen.getByText(FORM_TEXT.counter(3500, LIMITS.characterText))).toBeTruthy();
  });

  it('undoes Optimize Prompt back to the words the user wrote, until they edit the rewrite', async () => {
    const rewrite = improvePromptResponseSchema.parse({ prompt: 'Detailed: silver hair' });
    fetchMock.mockImplementation(async () => jsonResponse(200, rewrite));
    renderForm(filled);
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
    fireEvent.click(button('Optimize Prompt'));
    await waitFor(() => expect(field('Appearance Parameters').value).toBe('Detailed: silver hair'));

    fireEvent.click(button(FORM_TEXT.undoOptimizeLabel));
    expect(field('Appearance Parameters').value).toBe('silver hair');
    expect(document.activeElement).toBe(field('Appearance Parameters'));
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();

    fireEvent.click(button('Optimize Prompt'));
    await waitFor(() => expect(field('Appearance Parameters').value).toBe('Detailed: silver hair'));
    fireEvent.change(field('Appearance Parameters'), { target: { value: 'Detailed: silver hair, tall' } });
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
  });

  it('asks before leaving a filled form, and stays or leaves as answered', async () => {
    const router = renderForm(emptyFormValues);
    fireEvent.change(field('Character Name'), { target: { value: 'Luna' } });

    act(() => router.navigate('/characters'));
    const dialog = await screen.findByRole('dialog', { name: FORM_TEXT.leaveTitle });
    fireEvent.click(screen.getByRole('button', { name: FORM_TEXT.leaveCancel }));
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
    expect(currentUrl()).toBe('/characters/new');

    act(() => router.navigate('/characters'));
    fireEvent.click(await screen.findByRole('button', { name: FORM_TEXT.leaveConfirm }));
    expect(await screen.findByText('characters list')).toBeTruthy();
  });

  it('leaves an untouched form without asking', async () => {
    const router = renderForm(filled, 'abc');
    act(() => router.navigate('/characters'));
    expect(await screen.findByText('characters list')).toBeTruthy();
  });
});
