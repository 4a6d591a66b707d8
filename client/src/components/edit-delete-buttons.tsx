import type { ReactNode } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useLingui } from '@lingui/react/macro';

interface Props {
  /** The item's name, as the buttons' labels say it: 'Edit Deck', 'Delete Deck'. */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Further icon buttons, before Edit. */
  children?: ReactNode;
}

/** A managed item's icon buttons: Edit and Delete. */
export function EditDeleteButtons({ name, onEdit, onDelete, children }: Props) {
  const { t } = useLingui();
  return (
    <div className="flex shrink-0 gap-1">
      {children}
      <Button variant="ghost" size="icon" className="size-8" aria-label={t`Edit ${name}`} onClick={onEdit}>
        <Pencil />
      </Button>
      <Button variant="ghost" size="icon" className="size-8 text-destructive hover:text-destructive" aria-label={t`Delete ${name}`} onClick={onDelete}>
        <Trash2 />
      </Button>
    </div>
  );
}
