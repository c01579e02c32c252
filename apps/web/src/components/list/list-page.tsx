import { type ReactNode, useMemo } from 'react';
import { Plus } from 'lucide-react';
import { usePendingDelete } from '../../lib/use-pending-delete';
import { type Selection, useSelection } from '../../lib/use-selection';
import { ButtonLink } from '../ui/button-link';
import { ConfirmDialog, type ConfirmDialogProps } from '../ui/confirm-dialog';
import { PageHeader } from '../ui/page-header';
import { SelectButton } from './select-bar';

/** The link to create an item, in a list page's header and in its empty state. */
export function CreateLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <ButtonLink to={to} icon={Plus}>
      {children}
    </ButtonLink>
  );
}

/**
 * What a list page keeps beside its loaded `items`: the item waiting for the delete confirmation,
 * select mode over the items, and a card's favourite toggle.
 */
export function useListPage<T extends { $id: string }>(
  items: T[],
  deleteOne: Parameters<typeof usePendingDelete>[0],
  favoriteOne: { mutate: (change: { id: string; favorite: boolean }) => void },
) {
  const deletion = usePendingDelete<T>(deleteOne);
  const loadedIds = useMemo(() => items.map((item) => item.$id), [items]);
  const selection = useSelection(loadedIds);
  const onFavorite = (target: T, favorite: boolean) => favoriteOne.mutate({ id: target.$id, favorite });
  return { deletion, selection, onFavorite, loadedCount: items.length };
}

/**
 * A list page around its list: the header with the Select button and the create link, then the
 * select bar (`selectBar`) and the confirmation of the delete `page` waits on.
 */
export function ListPage({
  title,
  subtitle,
  page,
  createLink,
  selectBar,
  confirmDelete,
  children,
}: {
  title: string;
  subtitle: string;
  page: {
    selection: Selection;
    loadedCount: number;
    deletion: Pick<ReturnType<typeof usePendingDelete>, 'dialog'>;
  };
  createLink: ReactNode;
  selectBar: ReactNode;
  confirmDelete: Pick<ConfirmDialogProps, 'title' | 'message'>;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            <SelectButton selection={page.selection} loadedCount={page.loadedCount} />
            {createLink}
          </>
        }
      />
      {children}
      {selectBar}
      <ConfirmDialog {...confirmDelete} {...page.deletion.dialog} />
    </>
  );
}
