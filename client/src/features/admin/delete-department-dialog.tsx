import type { Department } from '@common/contracts/departments';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { useDeleteDepartment } from './api';

interface Props {
  department: Department | null;
  onClose: () => void;
}

/** SPEC §5: deleting a division says that its departments go with it. */
export function DeleteDepartmentDialog({ department, onClose }: Props) {
  const deleteDepartment = useDeleteDepartment();
  const isDivision = department?.parentId === null;
  const pending = deleteDepartment.isPending;

  return (
    <AlertDialog open={department !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{isDivision ? 'Delete division' : 'Delete department'}</AlertDialogTitle>
          <AlertDialogDescription>
            {isDivision
              ? `Are you sure you want to delete the division "${department?.name}"? This will also delete all departments within this division. This action cannot be undone.`
              : `Are you sure you want to delete the department "${department?.name}"? This action cannot be undone.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className="bg-destructive text-white hover:bg-destructive/90"
            disabled={pending}
            onClick={(event) => {
              // Stay open until the server answers; a refusal (SOPs still filed) is shown as a toast.
              event.preventDefault();
              if (department) deleteDepartment.mutate(department.id, { onSettled: onClose });
            }}
          >
            {pending ? 'Deleting...' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
