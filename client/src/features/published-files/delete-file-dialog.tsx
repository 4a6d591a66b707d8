import { DeleteTargetDialog, deleteQuestion } from '@/components/confirm-delete-dialog';
import { type PublishedKind, useDeletePublishedFile } from './api';

export interface FileToDelete {
  file: { id: number; originalName: string };
  /** Where the file is, when its name alone does not tell it apart (a day's files). */
  where?: string;
}

const TITLES: Record<PublishedKind, string> = { dailyProgram: 'Delete daily program file', itinerary: 'Delete itinerary' };

/** Asks before deleting one published file; the same dialog for every kind. */
export function DeletePublishedFileDialog({ kind, target, onClose }: { kind: PublishedKind; target: FileToDelete | null; onClose: () => void }) {
  const remove = useDeletePublishedFile(kind);
  return (
    <DeleteTargetDialog
      target={target?.file ?? null}
      title={TITLES[kind]}
      description={deleteQuestion(target?.file.originalName, target?.where)}
      remove={remove}
      onClose={onClose}
    />
  );
}
