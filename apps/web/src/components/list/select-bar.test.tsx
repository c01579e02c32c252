import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@baegen/shared';
import { useSelection } from '../../lib/use-selection';
import { SelectBar, type SelectBarProps, SelectButton } from './select-bar';
import { SelectableItem } from './selectable-item';
import { allowModalDialogs } from '../../test/modal-dialogs';

const ITEMS = ['one', 'two', 'three', 'four'];

beforeAll(allowModalDialogs);

function List(props: Pick<SelectBarProps, 'onDelete' | 'onDownload'>) {
  const selection = useSelection(ITEMS);
  return (
    <>
      <SelectButton selection={selection} loadedCount={ITEMS.length} />
      <SelectBar selection={selection} noun={MESSAGES.bulk.mediaNoun} deleting={false} {...props} />
      {ITEMS.map((id) => (
        <SelectableItem key={id} id={id} title={id} selection={selection}>
          <a href={`/item/${id}`}>{id}</a>
        </SelectableItem>
      ))}
    </>
  );
}

const box = (title: string) => screen.getByRole('checkbox', { name: MESSAGES.bulk.selectItem(title) });
const button = (name: string) => screen.getByRole('button', { name });

describe('SelectBar', () => {
  it('enters select mode, selects a shift range and deletes it after the confirmation', async () => {
    const onDelete = vi.fn().mockResolvedValue({ deleted: 3 });
    render(<List onDelete={onDelete} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('toolbar')).toBeNull();
    fireEvent.click(button(MESSAGES.bulk.select));
    expect(button(MESSAGES.bulk.select)).toHaveProperty('disabled', true);
    expect(screen.getByText(MESSAGES.bulk.selected(0))).toBeTruthy();
    expect(button(MESSAGES.bulk.delete)).toHaveProperty('disabled', true);

    fireEvent.click(box('two'));
    fireEvent.click(box('four'), { shiftKey: true });
    expect(screen.getByText(MESSAGES.bulk.selected(3))).toBeTruthy();
    expect(box('one').getAttribute('aria-checked')).toBe('false');
    expect(box('three').getAttribute('aria-checked')).toBe('true');

    fireEvent.click(button(MESSAGES.bulk.delete));
    const noun = MESSAGES.bulk.mediaNoun(3);
    const dialog = screen.getByRole('dialog', { name: MESSAGES.bulk.deleteTitle(noun) });
    expect(dialog.textContent).toContain(MESSAGES.bulk.deleteConfirm(3, noun));
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);

    expect(onDelete).toHaveBeenCalledWith(['two', 'three', 'four']);
    await waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull());
    expect(button(MESSAGES.bulk.select)).toHaveProperty('disabled', false);
  });

  it('keeps the selection when the delete fails, and offers the zip only when given', async () => {
    const onDelete = vi.fn().mockRejectedValue(new Error('404'));
    const onDownload = vi.fn().mockResolvedValue(undefined);
    render(<List onDelete={onDelete} onDownload={onDownload} />);
    fireEvent.click(button(MESSAGES.bulk.select));
    fireEvent.click(button(MESSAGES.bulk.selectAll));
    expect(screen.getByText(MESSAGES.bulk.selected(4))).toBeTruthy();
    fireEvent.click(button(MESSAGES.bulk.downloadZip));
    expect(onDownload).toHaveBeenCalledWith(ITEMS);

    fireEvent.click(button(MESSAGES.bulk.delete));
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(MESSAGES.bulk.selected(4))).toBeTruthy();

    fireEvent.click(button(MESSAGES.bulk.cancel));
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
