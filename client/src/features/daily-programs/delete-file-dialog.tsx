import type { DailyProgramFile } from '@common/contracts/daily-programs';
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
import { useDeleteDailyProgram } from './api';

export interface FileToDelete {
  file: DailyProgramFile;
  cruiseCode: string;
  dayLabel: string;
}

export function DeleteDailyProgramDialog({ target, onClose }: { target: FileToDelete | null; onClose: () => void }) {
  const remove = useDeleteDailyProgram();
  return (
    <AlertDialog open={!!target} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete daily program file</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete "{target?.file.originalName}" from {target?.cruiseCode}, {target?.dayLabel}? This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className="bg-destructive text-white hover:bg-destructive/90"
            disabled={remove.isPending}
            onClick={(event) => {
              // Keep the dialog open until the server answers.
              event.preventDefault();
              if (target) remove.mutate(target.file, { onSettled: onClose });
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
