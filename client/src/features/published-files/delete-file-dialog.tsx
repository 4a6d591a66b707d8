import { DeleteTargetDialog, deleteQuestion } from '@/components/confirm-delete-dialog';
import { type PublishedKind, useDeletePublishedFile } from './api';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';

export interface FileToDelete {
  file: { id: number; originalName: string };
  /** Where the file is, when its name alone does not tell it apart (a day's files). */
  where?: string;
}

const TITLES: Record<PublishedKind, MessageDescriptor> = { dailyProgram: msg`Delete daily program file`, itinerary: msg`Delete itinerary` };

/** Asks before deleting one published file; the same dialog for every kind. */
export function DeletePublishedFileDialog({ kind, target, onClose }: { kind: PublishedKind; target: FileToDelete | null; onClose: () => void }) {
  const { i18n } = useLingui();
  const remove = useDeletePublishedFile(kind);
  return (
    <DeleteTargetDialog
      target={target?.file ?? null}
      title={i18n._(TITLES[kind])}
      description={deleteQuestion(target?.file.originalName, target?.where)}
      remove={remove}
      onClose={onClose}
    />
  );
}
