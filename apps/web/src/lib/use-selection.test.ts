import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSelection } from './use-selection';

const IDS = ['a', 'b', 'c', 'd', 'e', 'f'];

function setup(ids: readonly string[] = IDS) {
  return renderHook(({ loaded }) => useSelection(loaded), { initialProps: { loaded: ids } });
}

const pressEscape = () => act(() => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));

describe('useSelection', () => {
  it('toggles single items and answers them in list order', () => {
    const { result } = setup();
    act(() => result.current.enter());
    act(() => result.current.toggle('d'));
    act(() => result.current.toggle('b'));
    expect(result.current.ids).toEqual(['b', 'd']);
    expect(result.current.isSelected('d')).toBe(true);
    act(() => result.current.toggle('d'));
    expect(result.current.ids).toEqual(['b']);
  });

  it('selects a range from the last item flipped, in either direction', () => {
    const { result } = setup();
    act(() => result.current.toggle('b'));
    act(() => result.current.toggle('e', true));
    expect(result.current.ids).toEqual(['b', 'c', 'd', 'e']);
    act(() => result.current.toggle('a'));
    act(() => result.current.toggle('f', true));
    expect(result.current.ids).toEqual(IDS);
  });

  it('treats a range with no earlier item as a single toggle', () => {
    const { result } = setup();
    act(() => result.current.toggle('c', true));
    expect(result.current.ids).toEqual(['c']);
  });

  it('selects everything loaded, and drops items that are no longer loaded', () => {
    const { result, rerender } = setup();
    act(() => result.current.selectAll());
    expect(result.current.ids).toEqual(IDS);
    rerender({ loaded: ['a', 'c', 'g'] });
    expect(result.current.ids).toEqual(['a', 'c']);
  });

  it('leaves select mode on Escape and forgets the selection', () => {
    const { result } = setup();
    act(() => result.current.enter());
    act(() => result.current.toggle('a'));
    pressEscape();
    expect(result.current.active).toBe(false);
    expect(result.current.ids).toEqual([]);
  });

  it('keeps select mode on Escape while a modal dialog is open over the list', () => {
    const { result } = setup();
    act(() => result.current.enter());
    act(() => result.current.toggle('a'));
    const dialog = document.createElement('dialog');
    document.body.append(dialog);
    dialog.setAttribute('open', '');
    pressEscape();
    expect(result.current.active).toBe(true);
    dialog.remove();
    pressEscape();
    expect(result.current.active).toBe(false);
  });
});
