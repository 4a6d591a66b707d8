import { useQuery } from '@tanstack/react-query';
import { BookOpenCheck, CheckCircle2 } from 'lucide-react';
import { Link } from 'wouter';
import type { ReadingItem } from '@common/contracts/reading';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { SectionCard } from '@/components/section-card';
import { formatCalendarDay, formatDate } from '@/lib/labels';
import { readingQueries } from './api';

const SHOWN = 8;

function ReadingRow({ item }: { item: ReadingItem }) {
  return (
    <li>
      <Link
        href={`/sop/${item.sopId}`}
        className="flex items-start justify-between gap-3 rounded-md px-2 py-2 hover:bg-sky-50 focus-visible:ring-2 focus-visible:ring-ocean focus-visible:outline-none"
      >
        <span className="min-w-0">
          <span className="block truncate font-medium text-navy">{item.title}</span>
          <span className="block text-xs text-muted-foreground">
            {item.department.name} · v{item.versionNumber} · approved {formatDate(item.approvedAt)}
          </span>
          {!item.attestedAt && (
            <span className={item.overdue ? 'block text-xs font-medium text-red-800' : 'block text-xs text-muted-foreground'} data-testid="reading-due">
              {item.overdue ? 'Overdue: was due' : 'Read by'} {formatCalendarDay(item.dueDate)}
            </span>
          )}
        </span>
        {item.attestedAt ? (
          <span className="shrink-0 text-xs text-emerald-800">Read {formatDate(item.attestedAt)}</span>
        ) : item.overdue ? (
          <Badge variant="outline" className="shrink-0 border-red-300 bg-red-50 text-red-900">
            Overdue
          </Badge>
        ) : (
          <Badge variant="outline" className="shrink-0 border-amber-300 bg-amber-50 text-amber-900">
            To read
          </Badge>
        )}
      </Link>
    </li>
  );
}

/** Dashboard: the versions in force waiting for the signed-in reader, and the last ones read. */
export function RequiredReadingSection() {
  const reading = useQuery(readingQueries.mine());
  const outstanding = reading.data?.outstanding ?? [];
  const done = reading.data?.done ?? [];
  const overdue = outstanding.filter((item) => item.overdue).length;
  return (
    <SectionCard
      icon={BookOpenCheck}
      title="Required reading"
      testId="required-reading"
      aside={
        reading.data ? (
          <span className="flex flex-wrap justify-end gap-1">
            {overdue > 0 && (
              <Badge className="bg-red-700" data-testid="required-reading-overdue">
                {overdue} overdue
              </Badge>
            )}
            <Badge className={outstanding.length ? 'bg-amber-700' : 'bg-emerald-700'} data-testid="required-reading-count">
              {outstanding.length} to read
            </Badge>
          </span>
        ) : null
      }
    >
      <QueryState query={reading} loading="Loading your reading list..." failed="Your reading list could not be loaded." frame="py-6">
        {outstanding.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CheckCircle2 className="size-4 text-emerald-700" aria-hidden="true" /> You are up to date: nothing is waiting for you.
          </p>
        ) : (
          <ul className="-mx-2 divide-y" aria-label="Waiting for you">
            {outstanding.slice(0, SHOWN).map((item) => (
              <ReadingRow key={item.versionId} item={item} />
            ))}
          </ul>
        )}
        {outstanding.length > SHOWN && <p className="mt-2 text-xs text-muted-foreground">{outstanding.length - SHOWN} more waiting for you.</p>}
        {done.length > 0 && (
          <details className="mt-4 text-sm">
            <summary className="cursor-pointer font-medium text-navy">Recently read ({done.length})</summary>
            <ul className="-mx-2 mt-2 divide-y">
              {done.map((item) => (
                <ReadingRow key={item.versionId} item={item} />
              ))}
            </ul>
          </details>
        )}
      </QueryState>
    </SectionCard>
  );
}
