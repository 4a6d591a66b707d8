import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryState } from '@/components/query-state';

interface Props {
  query: { isLoading: boolean; isError: boolean; refetch: () => unknown };
  /** The files' name in the plural, as the texts say it: 'itineraries', 'daily programs'. */
  what: string;
  icon: LucideIcon;
  empty: boolean;
  children: ReactNode;
}

/** An uploaded-files list's read: loading, failed, nothing uploaded yet (under the list's icon), else the list. */
export function FileListState({ query, what, icon: Icon, empty, children }: Props) {
  return (
    <QueryState
      query={query}
      loading={`Loading ${what}`}
      failed={`Could not load the ${what}.`}
      frame="rounded-lg border bg-white py-16"
      errorFrame="rounded-lg border bg-white py-12"
    >
      {empty ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-white py-16 text-center">
          <Icon className="size-10 text-slate-300" aria-hidden="true" />
          <p className="font-medium text-slate-600">{`No ${what} uploaded yet`}</p>
        </div>
      ) : (
        children
      )}
    </QueryState>
  );
}
