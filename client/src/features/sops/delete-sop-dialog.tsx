import type { SopListItem } from '@common/contracts/sops';
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
import { useDeleteSop } from './api';

/** SPEC §5: deleting asks first, with the exact confirmation text. */
export function DeleteSopDialog({ sop, onClose }: { sop: SopListItem | null; onClose: () => void }) {
  const remove = useDeleteSop();

  return (
    <AlertDialog open={!!sop} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete SOP</AlertDialogTitle>
          <AlertDialogDescription>Are you sure you want to delete "{sop?.title}"? This action cannot be undone.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className="bg-destructive text-white hover:bg-destructive/90"
            disabled={remove.isPending}
            onClick={(event) => {
              // Keep the dialog open until the server answers.
              event.preventDefault();
              if (sop) remove.mutate(sop, { onSettled: onClose });
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
