import { queryOptions } from '@tanstack/react-query';
import type { DailyProgramCruise, DailyProgramFile, DailyProgramMode, DailyProgramUploadResult } from '@common/contracts/daily-programs';
import { useDeleteFile, useUploadFiles } from '@/lib/file-api';
import { queryKeys } from '@/lib/query-keys';

export const dailyProgramQueries = {
  hierarchy: () => queryOptions<DailyProgramCruise[]>({ queryKey: queryKeys.dailyPrograms.hierarchy() }),
};

export const downloadUrlOf = (file: Pick<DailyProgramFile, 'id'>) => `/api/daily-programs/${file.id}/download`;

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
