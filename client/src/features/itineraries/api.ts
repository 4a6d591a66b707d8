import { queryOptions } from '@tanstack/react-query';
import type { Itinerary, ItineraryTable } from '@common/contracts/itineraries';
import { useDeleteFile, useUploadFiles } from '@/lib/file-api';
import { queryKeys } from '@/lib/query-keys';

export const itineraryQueries = {
  list: () => queryOptions<Itinerary[]>({ queryKey: queryKeys.itineraries.list() }),
  /** The file read as a table; it never changes for an id, so it is kept while the page lives. */
  table: (id: number) => queryOptions<ItineraryTable>({ queryKey: queryKeys.itineraries.table(id), staleTime: Number.POSITIVE_INFINITY }),
};

export const downloadUrlOf = (itinerary: Pick<Itinerary, 'id'>) => `/api/itineraries/${itinerary.id}/download`;

export interface ItineraryUpload {
  uploadDate: string;
  file: File;
  onProgress?: (percent: number) => void;
}

const stored = { base: '/api/itineraries', list: queryKeys.itineraries.list() };

export const useUploadItinerary = () =>
  useUploadFiles<ItineraryUpload, Itinerary>(stored, ({ uploadDate, file }) => ({ uploadDate, file }), {
    success: 'Itinerary uploaded successfully!',
    fallback: 'Failed to upload itinerary',
  });

export const useDeleteItinerary = () => useDeleteFile(stored, 'Itinerary deleted successfully!');
