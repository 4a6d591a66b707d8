import { formatDateTime } from '@/lib/labels';
import { cn } from '@/lib/utils';

/** When something happened, small and muted, machine-readable for assistive technology. */
export function Timestamp({ at, className }: { at: string; className?: string }) {
  return (
    <time dateTime={at} className={cn('text-xs text-muted-foreground', className)}>
      {formatDateTime(at)}
    </time>
  );
}
