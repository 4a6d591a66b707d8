import { useMutation, type QueryKey } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { errorText, isUnauthorized } from './api-error';
import { refreshQueries } from './query-client';
import { t } from '@lingui/core/macro';

/**
 * The error toast of a call: titled `title` (default 'Error'), saying the server's own sentence
 * or else `fallback`; `fixed` says the same text whatever the server sent.
 */
export type FailureToast = { title?: string; fallback: string } | { title?: string; fixed: string };

/** Toasts a failed call. A session that ended is left to the API client's one Unauthorized notice. */
export function toastFailure(error: unknown, failure: FailureToast) {
  if (isUnauthorized(error)) return;
  const description = 'fixed' in failure ? failure.fixed : errorText(error, failure.fallback);
  toast({ title: failure.title ?? t`Error`, description, variant: 'destructive' });
}

type OfResult<TData, TVariables, T> = T | ((data: TData, variables: TVariables) => T);

interface ApiMutation<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The 'Success' toast's text. */
  success?: OfResult<TData, TVariables, string>;
  failure: FailureToast;
  /** Cached reads the change makes stale; they are refetched before the success toast. */
  invalidates?: OfResult<TData, TVariables, readonly (QueryKey | undefined)[]>;
  /** Cache work of its own (store the answer, forget a deleted record), done first. */
  onSuccess?: (data: TData, variables: TVariables) => void;
}

const resolve = <TData, TVariables, T>(value: OfResult<TData, TVariables, T>, data: TData, variables: TVariables): T =>
  typeof value === 'function' ? (value as (data: TData, variables: TVariables) => T)(data, variables) : value;

/** Every write of every feature: the call, then its cache work, refreshed reads and toasts. */
export function useApiMutation<TData = unknown, TVariables = void>({ mutationFn, success, failure, invalidates, onSuccess }: ApiMutation<TData, TVariables>) {
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      onSuccess?.(data, variables);
      if (invalidates) await refreshQueries(resolve(invalidates, data, variables));
      if (success) toast({ title: t`Success`, description: resolve(success, data, variables) });
    },
    onError: (error) => toastFailure(error, failure),
  });
}
