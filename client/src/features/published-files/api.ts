import { queryOptions } from '@tanstack/react-query';
import type { DailyProgramCruise, DailyProgramFile, DailyProgramMode, DailyProgramUploadResult } from '@common/contracts/daily-programs';
import type { Itinerary, ItineraryTable } from '@common/contracts/itineraries';
import type { ReaderDocument } from '@/components/reader/reader-document';
import { useDeleteFile, useUploadFiles } from '@/lib/file-api';
import { queryKeys } from '@/lib/query-keys';
import { msg } from '@lingui/core/macro';
import { i18n } from '@/lib/i18n';

/**
 * The two kinds of file the office publishes for the crew, and what differs between them
 * on the client: where they live, which list an upload or delete makes stale, and the toasts
 * (read when drawn, in the interface's language).
 */
export const PUBLISHED = {
  dailyProgram: {
    base: '/api/daily-programs',
    upload: '/api/daily-programs/batch',
    list: queryKeys.dailyPrograms.hierarchy(),
    uploaded: { success: msg`Daily programs uploaded successfully!`, fallback: msg`Failed to upload daily programs` },
    deleted: msg`Daily program deleted successfully!`,
  },
  itinerary: {
    base: '/api/itineraries',
    list: queryKeys.itineraries.list(),
    uploaded: { success: msg`Itinerary uploaded successfully!`, fallback: msg`Failed to upload itinerary` },
    deleted: msg`Itinerary deleted successfully!`,
  },
} as const;

/** An upload's toasts in the interface's language. */
const uploadToasts = (kind: PublishedKind) => ({ success: i18n._(PUBLISHED[kind].uploaded.success), fallback: i18n._(PUBLISHED[kind].uploaded.fallback) });
export type PublishedKind = keyof typeof PUBLISHED;

export const dailyProgramQueries = {
  hierarchy: () => queryOptions<DailyProgramCruise[]>({ queryKey: queryKeys.dailyPrograms.hierarchy() }),
};

export const itineraryQueries = {
  list: () => queryOptions<Itinerary[]>({ queryKey: queryKeys.itineraries.list() }),
  /** The file read as a table; it never changes for an id, so it is kept while the page lives. */
  table: (id: number) => queryOptions<ItineraryTable>({ queryKey: queryKeys.itineraries.table(id), staleTime: Number.POSITIVE_INFINITY }),
};

export const downloadUrlOf = (kind: PublishedKind, file: { id: number }) => `${PUBLISHED[kind].base}/${file.id}/download`;

/** A program file as the document reader opens it, titled by what it is rather than by its file name. */
export function programDocument(cruiseCode: string, dayLabel: string, file: DailyProgramFile): ReaderDocument {
  const part = file.fileLabel ? ` · ${file.fileLabel}` : '';
  return {
    title: `${i18n._(msg`Daily program ${cruiseCode} · ${dayLabel}`)}${part}`,
    name: file.originalName,
    mimeType: 'application/pdf',
    fileUrl: downloadUrlOf('dailyProgram', file),
  };
}

interface WithProgress {
  onProgress?: (percent: number) => void;
}

export interface DailyProgramUpload extends WithProgress {
  cruiseCode: string;
  programDate: string;
  mode: DailyProgramMode;
  /** Sent in this order: it becomes fileSequence 1..N. */
  files: File[];
}

export interface ItineraryUpload extends WithProgress {
  uploadDate: string;
  file: File;
}

export const useUploadDailyPrograms = () =>
  useUploadFiles<DailyProgramUpload, DailyProgramUploadResult>(
    PUBLISHED.dailyProgram,
    ({ cruiseCode, programDate, mode, files }) => ({ cruiseCode, programDate, mode, files }),
    uploadToasts('dailyProgram'),
  );

export const useUploadItinerary = () =>
  useUploadFiles<ItineraryUpload, Itinerary>(PUBLISHED.itinerary, ({ uploadDate, file }) => ({ uploadDate, file }), uploadToasts('itinerary'));

export const useDeletePublishedFile = (kind: PublishedKind) => useDeleteFile(PUBLISHED[kind], i18n._(PUBLISHED[kind].deleted));
