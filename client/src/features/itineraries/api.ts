import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Itinerary } from '@common/contracts/itineraries';
import { toast } from '@/hooks/use-toast';
import { apiRequest, serverMessage } from '@/lib/api';
import { postForm } from '@/lib/post-form';
import { queryClient } from '@/lib/query-client';

export const itineraryQueries = {
  list: () => queryOptions<Itinerary[] | null>({ queryKey: ['/api/itineraries'] }),
};

export const downloadUrlOf = (itinerary: Pick<Itinerary, 'id'>) => `/api/itineraries/${itinerary.id}/download`;

export interface ItineraryUpload {
  uploadDate: string;
  file: File;
  onProgress?: (percent: number) => void;
}

export function useUploadItinerary() {
  return useMutation({
    mutationFn: ({ uploadDate, file, onProgress }: ItineraryUpload) => {
      const body = new FormData();
      body.append('uploadDate', uploadDate);
      body.append('file', file);
      return postForm<Itinerary>('/api/itineraries', body, onProgress);
    },
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Itinerary uploaded successfully!' });
      await queryClient.invalidateQueries({ queryKey: itineraryQueries.list().queryKey });
    },
    onError: (error) => {
      toast({ title: 'Upload failed', description: serverMessage(error, 'Failed to upload itinerary'), variant: 'destructive' });
    },
  });
}

export function useDeleteItinerary() {
  return useMutation({
    mutationFn: async (itinerary: Pick<Itinerary, 'id'>) => {
      await apiRequest('DELETE', `/api/itineraries/${itinerary.id}`);
    },
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Itinerary deleted successfully!' });
      await queryClient.invalidateQueries({ queryKey: itineraryQueries.list().queryKey });
    },
    onError: (error) => {
      toast({ title: 'Error', description: 'Failed to delete', variant: 'destructive' });
    },
  });
}
