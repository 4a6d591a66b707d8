import type { DailyProgramFile } from '@common/contracts/daily-programs';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { useDeleteDailyProgram } from './api';

export interface FileToDelete {
  file: DailyProgramFile;
  cruiseCode: string;
  dayLabel: string;
}

export function DeleteDailyProgramDialog({ target, onClose }: { target: FileToDelete | null; onClose: () => void }) {
  const remove = useDeleteDailyProgram();
  return (
    <ConfirmDeleteDialog
      open={!!target}
      title="Delete daily program file"
      description={`Are you sure you want to delete "${target?.file.originalName}" from ${target?.cruiseCode}, ${target?.dayLabel}? This action cannot be undone.`}
      pending={remove.isPending}
      onConfirm={() => target && remove.mutate(target.file, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}
