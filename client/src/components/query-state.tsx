import type { ReactNode } from 'react';
import { Spinner } from '@/components/spinner';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { failureText } from '@/offline/offline-status';
import { Trans } from '@lingui/react/macro';

interface Props {
  query: { isLoading: boolean; isError: boolean; error?: unknown; refetch: () => unknown };
  /** The spinner's label while loading. */
  loading: string;
  /** The sentence when loading failed, above a retry button. */
  failed: string;
  /** The frame and spacing of both panels; `errorFrame` when the failure's differs. */
  frame: string;
  errorFrame?: string;
  /** What to show once the data is there. */
  children: ReactNode;
}

/** A list's read: a spinner while it loads, the failure with a retry, else the list itself. */
export function QueryState({ query, loading, failed, frame, errorFrame = frame, children }: Props) {
  if (query.isLoading) {
    return (
      <div className={cn('flex justify-center', frame)}>
        <Spinner label={loading} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className={cn('flex flex-col items-center gap-3 text-sm text-muted-foreground', errorFrame)}>
        <p>{failureText(query.error, failed)}</p>
        <Button variant="outline" size="sm" onClick={() => query.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  return children;
}
