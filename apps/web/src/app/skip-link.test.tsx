import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FORM_TEXT } from '@baegen/shared';
import { SkipLink } from './skip-link';

describe('SkipLink', () => {
  it('moves focus to the page itself, past the header', () => {
    render(
      <>
        <SkipLink targetId="main" />
        <button type="button">Header button</button>
        <main id="main" tabIndex={-1} />
      </>,
    );
    const link = screen.getByRole('link', { name: FORM_TEXT.skipToContent });
    expect(link.getAttribute('href')).toBe('#main');
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
