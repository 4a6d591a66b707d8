import { queryOptions } from '@tanstack/react-query';
import type { Itinerary } from '@common/contracts/itineraries';
import { apiRequest, postForm } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';

export const itineraryQueries = {
  list: () => queryOptions<Itinerary[]>({ queryKey: queryKeys.itineraries.list() }),
};

export const downloadUrlOf = (itinerary: Pick<Itinerary, 'id'>) => `/api/itineraries/${itinerary.id}/download`;

export interface ItineraryUpload {
  uploadDate: string;
  file: File;
  onProgress?: (percent: number) => void;
}

export const useUploadItinerary = () =>
  useApiMutation({
    mutationFn: ({ uploadDate, file, onProgress }: ItineraryUpload) => {
      const body = new FormData();
      body.append('uploadDate', uploadDate);
      body.append('file', file);
      return postForm<Itinerary>('/api/itineraries', body, onProgress);
    },
    invalidates: [queryKeys.itineraries.list()],
    success: 'Itinerary uploaded successfully!',
    failure: { title: 'Upload failed', fallback: 'Failed to upload itinerary' },
  });

export const useDeleteItinerary = () =>
  useApiMutation({
    mutationFn: async (itinerary: Pick<Itinerary, 'id'>) => {
      await apiRequest('DELETE', `/api/itineraries/${itinerary.id}`);
    },
    invalidates: [queryKeys.itineraries.list()],
    success: 'Itinerary deleted successfully!',
    failure: { fixed: 'Failed to delete' },
  });
