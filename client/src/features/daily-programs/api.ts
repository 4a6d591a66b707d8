import { queryOptions, useMutation } from '@tanstack/react-query';
import type { DailyProgramCruise, DailyProgramFile, DailyProgramMode, DailyProgramUploadResult } from '@common/contracts/daily-programs';
import { toast } from '@/hooks/use-toast';
import { apiRequest, serverMessage } from '@/lib/api';
import { postForm } from '@/lib/post-form';
import { queryClient } from '@/lib/query-client';

export const dailyProgramQueries = {
  hierarchy: () => queryOptions<DailyProgramCruise[] | null>({ queryKey: ['/api/daily-programs/hierarchy'] }),
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

export function useUploadDailyPrograms() {
  return useMutation({
    mutationFn: ({ cruiseCode, programDate, mode, files, onProgress }: DailyProgramUpload) => {
      const body = new FormData();
      body.append('cruiseCode', cruiseCode);
      body.append('programDate', programDate);
      body.append('mode', mode);
      for (const file of files) body.append('files', file);
      return postForm<DailyProgramUploadResult>('/api/daily-programs/batch', body, onProgress);
    },
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Daily programs uploaded successfully!' });
      await queryClient.invalidateQueries({ queryKey: dailyProgramQueries.hierarchy().queryKey });
    },
    onError: (error) => {
      toast({ title: 'Upload failed', description: serverMessage(error, 'Failed to upload daily programs'), variant: 'destructive' });
    },
  });
}

export function useDeleteDailyProgram() {
  return useMutation({
    mutationFn: async (file: Pick<DailyProgramFile, 'id'>) => {
      await apiRequest('DELETE', `/api/daily-programs/${file.id}`);
    },
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Daily program deleted successfully!' });
      await queryClient.invalidateQueries({ queryKey: dailyProgramQueries.hierarchy().queryKey });
    },
    onError: (error) => {
      toast({ title: 'Error', description: 'Failed to delete', variant: 'destructive' });
    },
  });
}
