import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryState } from '@/components/query-state';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';

interface Props {
  query: { isLoading: boolean; isError: boolean; refetch: () => unknown };
  /** The files' name in the plural, as the texts say it: 'itineraries', 'daily programs'. */
  what: keyof typeof WORDS;
  icon: LucideIcon;
  empty: boolean;
  children: ReactNode;
}

/** Each list's sentences whole, so each language words them its own way. */
const WORDS = {
  itineraries: { loading: msg`Loading itineraries`, failed: msg`Could not load the itineraries.`, empty: msg`No itineraries uploaded yet` },
  'daily programs': { loading: msg`Loading daily programs`, failed: msg`Could not load the daily programs.`, empty: msg`No daily programs uploaded yet` },
} satisfies Record<string, Record<'loading' | 'failed' | 'empty', MessageDescriptor>>;

/** An uploaded-files list's read: loading, failed, nothing uploaded yet (under the list's icon), else the list. */
export function FileListState({ query, what, icon: Icon, empty, children }: Props) {
  const { i18n } = useLingui();
  const words = WORDS[what];
  return (
    <QueryState
      query={query}
      loading={i18n._(words.loading)}
      failed={i18n._(words.failed)}
      frame="rounded-lg border bg-white py-16"
      errorFrame="rounded-lg border bg-white py-12"
    >
      {empty ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-white py-16 text-center">
          <Icon className="size-10 text-slate-300" aria-hidden="true" />
          <p className="font-medium text-slate-600">{i18n._(words.empty)}</p>
        </div>
      ) : (
        children
      )}
    </QueryState>
  );
}
