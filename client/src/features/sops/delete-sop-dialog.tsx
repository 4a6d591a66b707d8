import type { SopListItem } from '@common/contracts/sops';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { useDeleteSop } from './api';

/** Deleting asks first, with the exact confirmation text: versions and files go with the SOP and cannot be brought back. */
export function DeleteSopDialog({ sop, onClose }: { sop: SopListItem | null; onClose: () => void }) {
  const remove = useDeleteSop();
  return (
    <ConfirmDeleteDialog
      open={!!sop}
      title="Delete SOP"
      description={`Are you sure you want to delete "${sop?.title}"? This action cannot be undone.`}
      pending={remove.isPending}
      onConfirm={() => sop && remove.mutate(sop, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}
