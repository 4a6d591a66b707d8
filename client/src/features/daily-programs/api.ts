import { queryOptions } from '@tanstack/react-query';
import type { DailyProgramCruise, DailyProgramFile, DailyProgramMode, DailyProgramUploadResult } from '@common/contracts/daily-programs';
import { apiRequest, postForm } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';

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

export const useUploadDailyPrograms = () =>
  useApiMutation({
    mutationFn: ({ cruiseCode, programDate, mode, files, onProgress }: DailyProgramUpload) => {
      const body = new FormData();
      body.append('cruiseCode', cruiseCode);
      body.append('programDate', programDate);
      body.append('mode', mode);
      for (const file of files) body.append('files', file);
      return postForm<DailyProgramUploadResult>('/api/daily-programs/batch', body, onProgress);
    },
    invalidates: [queryKeys.dailyPrograms.hierarchy()],
    success: 'Daily programs uploaded successfully!',
    failure: { title: 'Upload failed', fallback: 'Failed to upload daily programs' },
  });

export const useDeleteDailyProgram = () =>
  useApiMutation({
    mutationFn: async (file: Pick<DailyProgramFile, 'id'>) => {
      await apiRequest('DELETE', `/api/daily-programs/${file.id}`);
    },
    invalidates: [queryKeys.dailyPrograms.hierarchy()],
    success: 'Daily program deleted successfully!',
    failure: { fixed: 'Failed to delete' },
  });
