import { queryOptions } from '@tanstack/react-query';
import type { DailyProgramCruise, DailyProgramFile, DailyProgramMode, DailyProgramUploadResult } from '@common/contracts/daily-programs';
import type { ReaderDocument } from '@/components/reader/reader-document';
import { useDeleteFile, useUploadFiles } from '@/lib/file-api';
import { queryKeys } from '@/lib/query-keys';

export const dailyProgramQueries = {
  hierarchy: () => queryOptions<DailyProgramCruise[]>({ queryKey: queryKeys.dailyPrograms.hierarchy() }),
};

export const downloadUrlOf = (file: Pick<DailyProgramFile, 'id'>) => `/api/daily-programs/${file.id}/download`;

/** A program file as the document reader opens it, titled by what it is rather than by its file name. */
export function programDocument(cruiseCode: string, dayLabel: string, file: DailyProgramFile): ReaderDocument {
  const part = file.fileLabel ? ` · ${file.fileLabel}` : '';
  return {
    title: `Daily program ${cruiseCode} · ${dayLabel}${part}`,
    name: file.originalName,
    mimeType: 'application/pdf',
    fileUrl: downloadUrlOf(file),
  };
}

export interface DailyProgramUpload {
  cruiseCode: string;
  programDate: string;
  mode: DailyProgramMode;
  /** Sent in this order: it becomes fileSequence 1..N. */
  files: File[];
  onProgress?: (percent: number) => void;
}

const stored = { base: '/api/daily-programs', upload: '/api/daily-programs/batch', list: queryKeys.dailyPrograms.hierarchy() };

export const useUploadDailyPrograms = () =>
  useUploadFiles<DailyProgramUpload, DailyProgramUploadResult>(
    stored,
    ({ cruiseCode, programDate, mode, files }) => ({ cruiseCode, programDate, mode, files }),
    {
      success: 'Daily programs uploaded successfully!',
      fallback: 'Failed to upload daily programs',
    },
  );

export const useDeleteDailyProgram = () => useDeleteFile(stored, 'Daily program deleted successfully!');
