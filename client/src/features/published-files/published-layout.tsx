import type { ReactNode } from 'react';
import { can } from '@common/permissions';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session';

/** Whether this person may upload and delete published files. The server enforces it too; the table only decides what to show. */
export function useCanManageFiles() {
  const { user } = useCurrentUser();
  return can(user, 'files.manage');
}

interface Props {
  title: string;
  description: string;
  /** The list's accessible name, e.g. 'Itineraries'. */
  listLabel: string;
  listClassName?: string;
  canManage: boolean;
  /** The upload form, shown beside the list to those who may manage files. */
  upload: ReactNode;
  children: ReactNode;
  /** Dialogs the page opens from its list. */
  dialogs?: ReactNode;
}

/** A published-files page: the list, and beside it (on wide screens) the upload form for those who manage files. */
export function PublishedLayout({ title, description, listLabel, listClassName, canManage, upload, children, dialogs }: Props) {
  return (
    <div>
      <PageHeader title={title} description={description} />
      <div className={canManage ? 'grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_340px]' : ''}>
        <section aria-label={listLabel} className={listClassName}>
          {children}
        </section>
        {canManage && upload}
      </div>
      {dialogs}
    </div>
  );
}
