import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FORM_TEXT } from '@baegen/shared';
import { errorIdOf } from '../../../lib/use-field-errors';
import { CharacterField, PromptField } from './media-form-fields';

const noop = () => {};

describe('media form fields', () => {
  it('show their inline error and point at it when the form marks them', () => {
    render(
      <>
        <CharacterField
          id="character"
          value=""
          onChange={noop}
          disabled={false}
          characters={[]}
          loading={false}
          failed={false}
          error={FORM_TEXT.errors.character}
          aria={{ 'aria-invalid': true, 'aria-describedby': errorIdOf('character') }}
        />
        <PromptField
          id="prompt"
          value=""
          onChange={noop}
          disabled={false}
          error={FORM_TEXT.errors.prompt}
          aria={{ 'aria-invalid': true, 'aria-describedby': errorIdOf('prompt') }}
        />
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Character' });
    const prompt = screen.getByRole('textbox', { name: 'Prompt' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(FORM_TEXT.errors.character).closest('p')?.id).toBe(errorIdOf('character'));
    expect(prompt.getAttribute('aria-describedby')).toBe(errorIdOf('prompt'));
    expect(screen.getByText(FORM_TEXT.errors.prompt)).toBeTruthy();
    expect(prompt.getAttribute('dir')).toBe('auto');
  });

  it('show no error and no invalid mark by default', () => {
    render(<PromptField id="prompt" value="" onChange={noop} disabled={false} />);
    const prompt = screen.getByRole('textbox', { name: 'Prompt' });
    expect(prompt.getAttribute('aria-invalid')).toBeNull();
    expect(prompt.getAttribute('aria-describedby')).toBeNull();
  });
});
