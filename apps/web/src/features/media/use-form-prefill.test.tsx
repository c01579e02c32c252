import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTES, remixRoute } from '@baegen/shared';
import { useFormPrefill } from './use-form-prefill';

let go: (to: string) => void = () => {};

function Form() {
  const fields = useFormPrefill();
  go = useNavigate();
  return (
    <>
      <output data-testid="character">{fields.characterId}</output>
      <output data-testid="type">{fields.type}</output>
      <textarea
        aria-label="Prompt"
        value={fields.prompt}
        onChange={(e) => fields.setPrompt(e.target.value)}
      />
      {fields.replace ? (
        <>
          <button onClick={fields.replace.confirm}>Replace</button>
          <button onClick={fields.replace.keep}>Keep</button>
        </>
      ) : null}
    </>
  );
}

function open(at: string) {
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/media/new" element={<Form />} />
        <Route path="/media/new/:characterId" element={<Form />} />
      </Routes>
    </MemoryRouter>,
  );
}

const shown = () => ({
  character: screen.getByTestId('character').textContent,
  type: screen.getByTestId('type').textContent,
  prompt: (screen.getByLabelText('Prompt') as HTMLTextAreaElement).value,
});
const type = (text: string) => fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: text } });

describe('useFormPrefill', () => {
  it('fills character, type and prompt from a Remix link', () => {
    open(remixRoute('c1', 'video', 'Luna & the sea'));
    expect(shown()).toEqual({ character: 'c1', type: 'video', prompt: 'Luna & the sea' });
  });

  it('keeps the prompt when a link names none, as before', () => {
    open(ROUTES.newMediaFor('c1', 'image'));
    type('my own words');
    act(() => go(ROUTES.newMediaFor('c2', 'video')));
    expect(shown()).toEqual({ character: 'c2', type: 'video', prompt: 'my own words' });
  });

  it('fills a Remix link over a prompt it filled itself, without asking', () => {
    open(remixRoute('c1', 'image', 'first'));
    act(() => go(remixRoute('c2', 'video', 'second')));
    expect(shown()).toEqual({ character: 'c2', type: 'video', prompt: 'second' });
    expect(screen.queryByRole('button', { name: 'Replace' })).toBeNull();
  });

  it('asks before a Remix link replaces a prompt the user typed, and keeps it when told to', () => {
    open(ROUTES.newMedia);
    type('a draft of mine');
    act(() => go(remixRoute('c3', 'video', 'remixed')));
    expect(shown()).toEqual({ character: '', type: 'image', prompt: 'a draft of mine' });
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(shown()).toEqual({ character: '', type: 'image', prompt: 'a draft of mine' });
    expect(screen.queryByRole('button', { name: 'Replace' })).toBeNull();
  });

  it('replaces the typed prompt once the user agrees', () => {
    open(remixRoute('c1', 'image', 'filled'));
    type('filled, then edited');
    act(() => go(remixRoute('c4', 'video', 'remixed')));
    fireEvent.click(screen.getByRole('button', { name: 'Replace' }));
    expect(shown()).toEqual({ character: 'c4', type: 'video', prompt: 'remixed' });
  });
});
