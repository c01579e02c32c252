import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FAVORITE_LABELS } from '@baegen/shared';
import { FavoriteButton } from './favorite-button';

describe('FavoriteButton', () => {
  it('offers to add an unstarred record and asks for the star', () => {
    const onToggle = vi.fn();
    render(<FavoriteButton favorite={false} subject="Luna Vale" onToggle={onToggle} />);
    const button = screen.getByRole('button', { name: `${FAVORITE_LABELS.add}: Luna Vale` });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(onToggle).toHaveBeenCalledWith(true);
  });

  it('shows a starred record pressed and offers to remove it', () => {
    const onToggle = vi.fn();
    render(<FavoriteButton favorite subject="Luna Vale" onToggle={onToggle} />);
    const button = screen.getByRole('button', { name: `${FAVORITE_LABELS.remove}: Luna Vale` });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button);
    expect(onToggle).toHaveBeenCalledWith(false);
  });
});
