import type { QueryKey } from '@tanstack/react-query';
import { apiRequest, postForm } from './api';
import { useApiMutation } from './use-api-mutation';
import { t } from '@lingui/core/macro';

/** A multipart form's fields, in the order given; a list of files is sent as one part per file, in order. */
export function formOf(fields: Record<string, string | File | File[]>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const part of Array.isArray(value) ? value : [value]) body.append(name, part);
  }
  return body;
}

interface StoredFileKind {
  /** The collection's path: uploads go to `upload` (default `base`), deletes to `${base}/${id}`. */
  base: string;
  /** The cached list the change makes stale. */
  list: QueryKey;
}

/** Uploads one form of files with progress; the failure toast says the server's own sentence or `fallback`. */
export const useUploadFiles = <TUpload extends { onProgress?: (percent: number) => void }, TResult>(
  kind: StoredFileKind & { upload?: string },
  fieldsOf: (upload: TUpload) => Record<string, string | File | File[]>,
  toasts: { success: string; fallback: string },
) =>
  useApiMutation({
    mutationFn: (upload: TUpload) => postForm<TResult>(kind.upload ?? kind.base, formOf(fieldsOf(upload)), upload.onProgress),
    invalidates: [kind.list],
    success: toasts.success,
    failure: { title: t`Upload failed`, fallback: toasts.fallback },
  });

/** Deletes one stored file by its id. */
export const useDeleteFile = (kind: StoredFileKind, success: string) =>
  useApiMutation({
    mutationFn: async (file: { id: number }) => {
      await apiRequest('DELETE', `${kind.base}/${file.id}`);
    },
    invalidates: [kind.list],
    success,
    failure: { fixed: t`Failed to delete` },
  });
