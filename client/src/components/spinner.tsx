import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useLingui } from '@lingui/react/macro';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useLingui();
  return <Loader2 role="status" aria-label={label ?? t`Loading`} className={cn('size-8 animate-spin text-ocean', className)} />;
}

/** The guard's centred spinner, also used while a lazy route loads. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
