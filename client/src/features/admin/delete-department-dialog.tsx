import type { Department } from '@common/contracts/departments';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { useDeleteDepartment } from './api';
import { useLingui } from '@lingui/react/macro';

interface Props {
  department: Department | null;
  onClose: () => void;
}

/** Deleting a division says that its departments go with it, since the database removes them too. */
export function DeleteDepartmentDialog({ department, onClose }: Props) {
  const { t } = useLingui();
  const deleteDepartment = useDeleteDepartment();
  const isDivision = department?.parentId === null;
  const name = department?.name;
  return (
    <ConfirmDeleteDialog
      open={department !== null}
      title={isDivision ? t`Delete division` : t`Delete department`}
      description={
        isDivision
          ? t`Are you sure you want to delete the division "${name}"? This will also delete all departments within this division. This action cannot be undone.`
          : t`Are you sure you want to delete the department "${name}"? This action cannot be undone.`
      }
      pending={deleteDepartment.isPending}
      // A refusal (SOPs still filed) is shown as a toast.
      onConfirm={() => department && deleteDepartment.mutate(department.id, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}
