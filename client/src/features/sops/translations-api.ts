import { queryOptions } from '@tanstack/react-query';
import type { SignatureProof } from '@common/contracts/signatures';
import type { Translation } from '@common/contracts/translations';
import type { LanguageCode } from '@common/languages';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';

/** One translation's text (or its file's facts), read when it is opened. */
export const translationQueries = {
  one: (id: number) => queryOptions<Translation>({ queryKey: [`/api/translations/${id}`] }),
};

export { nativeNameOf } from '@common/languages';

export const translationDownloadUrl = (id: number) => `/api/translations/${id}/download`;

export interface NewTranslation {
  versionId: number;
  language: LanguageCode;
  /** The Markdown text, or else a file. */
  content?: string;
  file?: File;
}

/** POST /api/sop-versions/{id}/translations: JSON for text, multipart for a file. */
export function useAddTranslation(sopId: number, texts: { success: string; failure: string }) {
  return useApiMutation({
    mutationFn: async ({ versionId, language, content, file }: NewTranslation): Promise<Translation> => {
      const url = `/api/sop-versions/${versionId}/translations`;
      if (file) {
        const form = new FormData();
        form.append('language', language);
        form.append('file', file);
        return (await apiRequest('POST', url, form)).json();
      }
      return (await apiRequest('POST', url, { language, content })).json();
    },
    success: texts.success,
    failure: { fallback: texts.failure },
    invalidates: [queryKeys.sops.detail(sopId)],
  });
}

/** PUT /api/translations/{id}: approving it, signed when signatures are required. */
export function useApproveTranslation(sopId: number, texts: { success: string; failure: string }) {
  return useApiMutation({
    mutationFn: async ({ id, signature }: { id: number; signature?: SignatureProof }): Promise<Translation> =>
      (await apiRequest('PUT', `/api/translations/${id}`, { status: 'approved', ...(signature ? { signature } : {}) })).json(),
    success: texts.success,
    failure: { fallback: texts.failure },
    invalidates: [queryKeys.sops.detail(sopId)],
  });
}
