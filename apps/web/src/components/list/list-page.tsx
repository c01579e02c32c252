import type { ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { ButtonLink } from '../ui/button-link';
import { ConfirmDialog, type ConfirmDialogProps } from '../ui/confirm-dialog';
import { PageHeader } from '../ui/page-header';

/** The link to create an item, in a list page's header and in its empty state. */
export function CreateLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <ButtonLink to={to} icon={Plus}>
      {children}
    </ButtonLink>
  );
}

/**
 * A list page around its list: the header with its other actions (`actions`) and the create link,
 * then the delete confirmation.
 */
export function ListPage({
  title,
  subtitle,
  actions,
  createLink,
  confirmDelete,
  children,
}: {
  title: string;
  subtitle: string;
  actions?: ReactNode;
  createLink: ReactNode;
  confirmDelete: ConfirmDialogProps;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            {actions}
            {createLink}
          </>
        }
      />
      {children}
      <ConfirmDialog {...confirmDelete} />
    </>
  );
}
