import { queryOptions } from '@tanstack/react-query';
import type { CreateSuggestionInput, Suggestion, SuggestionStatus, TriageSuggestionInput } from '@common/contracts/suggestions';
import { apiRequest, withQuery } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';
import { t } from '@lingui/core/macro';

/** The list's filters, as the server reads them (decision 079). */
export interface SuggestionFilters {
  status?: SuggestionStatus;
  sopId?: number;
  vessel?: string;
}

export const suggestionKeys = {
  all: () => ['/api/suggestions'] as const,
  list: (filters: SuggestionFilters) => ['/api/suggestions', filters] as const,
};

export const suggestionQueries = {
  list: (filters: SuggestionFilters) => queryOptions<Suggestion[]>({ queryKey: suggestionKeys.list(filters) }),
};

/** A plain link with the same filters: the browser downloads it. */
export const suggestionsCsvUrl = (filters: SuggestionFilters) => withQuery('/api/suggestions.csv', { ...filters });

/** 'Suggest a change' on the version in force of an SOP. */
export function useSuggestChange(sopId: number, onDone: () => void) {
  return useApiMutation({
    mutationFn: async (input: CreateSuggestionInput) => (await apiRequest('POST', `/api/sops/${sopId}/suggestions`, input)).json() as Promise<Suggestion>,
    invalidates: [suggestionKeys.all(), queryKeys.dashboard.stats()],
    onSuccess: onDone,
    success: t`Thank you: your suggestion was sent to the procedure's owner`,
    failure: { fallback: t`The suggestion could not be sent` },
  });
}

/** The owner, an approver or an administrator answers a suggestion. */
export function useTriageSuggestion(onDone: () => void) {
  return useApiMutation({
    mutationFn: async ({ id, input }: { id: number; input: TriageSuggestionInput }) =>
      (await apiRequest('PUT', `/api/suggestions/${id}`, input)).json() as Promise<Suggestion>,
    invalidates: [suggestionKeys.all(), queryKeys.dashboard.stats(), queryKeys.notifications()],
    onSuccess: onDone,
    success: t`Answer saved; the suggester is told`,
    failure: { fallback: t`The answer could not be saved` },
  });
}
