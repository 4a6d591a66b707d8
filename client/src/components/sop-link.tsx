import { Link } from 'wouter';
import { cn } from '@/lib/utils';

/** An SOP's title as the link to its page, in a list or table of procedures. */
export function SopLink({ sopId, title, className }: { sopId: number; title: string; className?: string }) {
  return (
    <Link href={`/sop/${sopId}`} className={cn('font-medium text-ocean hover:underline', className)}>
      {title}
    </Link>
  );
}
