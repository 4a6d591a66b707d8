import type { DailyProgramFile } from '@common/contracts/daily-programs';
import { DeleteTargetDialog, deleteQuestion } from '@/components/confirm-delete-dialog';
import { useDeleteDailyProgram } from './api';

export interface FileToDelete {
  file: DailyProgramFile;
  cruiseCode: string;
  dayLabel: string;
}

export function DeleteDailyProgramDialog({ target, onClose }: { target: FileToDelete | null; onClose: () => void }) {
  const remove = useDeleteDailyProgram();
  const where = ` from ${target?.cruiseCode}, ${target?.dayLabel}`;
  return (
    <DeleteTargetDialog
      target={target?.file ?? null}
      title="Delete daily program file"
      description={deleteQuestion(target?.file.originalName, where)}
      remove={remove}
      onClose={onClose}
    />
  );
}
