import type { Department } from '@common/contracts/departments';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { useDeleteDepartment } from './api';

interface Props {
  department: Department | null;
  onClose: () => void;
}

/** Deleting a division says that its departments go with it, since the database removes them too. */
export function DeleteDepartmentDialog({ department, onClose }: Props) {
  const deleteDepartment = useDeleteDepartment();
  const isDivision = department?.parentId === null;
  return (
    <ConfirmDeleteDialog
      open={department !== null}
      title={isDivision ? 'Delete division' : 'Delete department'}
      description={
        isDivision
          ? `Are you sure you want to delete the division "${department?.name}"? This will also delete all departments within this division. This action cannot be undone.`
          : `Are you sure you want to delete the department "${department?.name}"? This action cannot be undone.`
      }
      pending={deleteDepartment.isPending}
      // A refusal (SOPs still filed) is shown as a toast.
      onConfirm={() => department && deleteDepartment.mutate(department.id, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}
