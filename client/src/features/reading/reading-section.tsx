import { useQuery } from '@tanstack/react-query';
import { BookOpenCheck, CheckCircle2 } from 'lucide-react';
import { Link } from 'wouter';
import type { ReadingItem } from '@common/contracts/reading';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { SectionCard } from '@/components/section-card';
import { formatCalendarDay, formatDate } from '@/lib/labels';
import { readingQueries } from './api';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

const SHOWN = 8;

function ReadingRow({ item }: { item: ReadingItem }) {
  return (
    <li>
      <Link
        href={`/sop/${item.sopId}`}
        className="flex items-start justify-between gap-3 rounded-md px-2 py-2 hover:bg-sky-50 focus-visible:ring-2 focus-visible:ring-ocean focus-visible:outline-none"
      >
        <span className="min-w-0">
          <span className="block truncate font-medium text-navy">
            {item.manual && <span className="mr-1 font-mono text-muted-foreground">{item.manual.section}</span>}
            {item.title}
          </span>
          <span className="block text-xs text-muted-foreground">
            {item.department.name} · v{item.versionNumber} · <Trans>approved {formatDate(item.approvedAt)}</Trans>
          </span>
          {!item.attestedAt && (
            <span className={item.overdue ? 'block text-xs font-medium text-red-800' : 'block text-xs text-muted-foreground'} data-testid="reading-due">
              {item.overdue ? <Trans>Overdue: was due {formatCalendarDay(item.dueDate)}</Trans> : <Trans>Read by {formatCalendarDay(item.dueDate)}</Trans>}
            </span>
          )}
        </span>
        {item.attestedAt ? (
          <span className="shrink-0 text-xs text-emerald-800">
            <Trans>Read {formatDate(item.attestedAt)}</Trans>
          </span>
        ) : item.overdue ? (
          <Badge variant="outline" className="shrink-0 border-red-300 bg-red-50 text-red-900">
            <Trans>Overdue</Trans>
          </Badge>
        ) : (
          <Badge variant="outline" className="shrink-0 border-amber-300 bg-amber-50 text-amber-900">
            <Trans>To read</Trans>
          </Badge>
        )}
      </Link>
    </li>
  );
}

/** The key of the fleet circulars' group: it comes first, before the manuals. */
const CIRCULARS = 'circulars';

/** Manual codes in the order people count them ('M-2' before 'M-10'); codes are Latin whatever the language. */
const codeOrder = new Intl.Collator('en', { numeric: true });
/** Circulars, then the manuals by code, then the SOPs in no manual (key ''). */
const groupRank = (key: string) => (key === CIRCULARS ? 0 : key === '' ? 2 : 1);

/**
 * What waits for the reader, grouped: the fleet circulars first, then by manual (by code), the
 * SOPs in no manual last; within a group the list keeps its order (soonest due first).
 */
function byManual(items: ReadingItem[]) {
  const groups = new Map<string, { key: string; manual: ReadingItem['manual']; items: ReadingItem[] }>();
  for (const item of items) {
    const key = item.circular ? CIRCULARS : item.manual ? `manual ${item.manual.code}` : '';
    const group = groups.get(key) ?? { key, manual: item.circular ? null : (item.manual ?? null), items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => groupRank(a.key) - groupRank(b.key) || codeOrder.compare(a.key, b.key));
}

/** A group's small heading link, still a 24 px target for a finger. */
const GROUP_LINK = 'inline-flex min-h-6 items-center hover:underline';

/** Dashboard: the versions in force waiting for the signed-in reader, and the last ones read. */
export function RequiredReadingSection() {
  const { t } = useLingui();
  const reading = useQuery(readingQueries.mine());
  const outstanding = reading.data?.outstanding ?? [];
  const done = reading.data?.done ?? [];
  const overdue = outstanding.filter((item) => item.overdue).length;
  return (
    <SectionCard
      icon={BookOpenCheck}
      title={t`Required reading`}
      testId="required-reading"
      aside={
        reading.data ? (
          <span className="flex flex-wrap justify-end gap-1">
            {overdue > 0 && (
              <Badge className="bg-red-700" data-testid="required-reading-overdue">
                <Plural value={overdue} other="# overdue" />
              </Badge>
            )}
            <Badge className={outstanding.length ? 'bg-amber-700' : 'bg-emerald-700'} data-testid="required-reading-count">
              <Plural value={outstanding.length} other="# to read" />
            </Badge>
          </span>
        ) : null
      }
    >
      <QueryState query={reading} loading={t`Loading your reading list...`} failed={t`Your reading list could not be loaded.`} frame="py-6">
        {outstanding.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CheckCircle2 className="size-4 text-emerald-700" aria-hidden="true" /> <Trans>You are up to date: nothing is waiting for you.</Trans>
          </p>
        ) : (
          <ul className="space-y-3" aria-label={t`Waiting for you`}>
            {byManual(outstanding.slice(0, SHOWN)).map((group) => (
              <li key={group.key} data-testid="reading-group">
                <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  {group.key === CIRCULARS ? (
                    <Link href="/circulars" className={GROUP_LINK}>
                      <Trans>Fleet circulars</Trans>
                    </Link>
                  ) : group.manual ? (
                    <Link href={`/manuals/${group.manual.id}`} className={GROUP_LINK}>
                      {group.manual.code} · {group.manual.title}
                    </Link>
                  ) : (
                    <Trans>Other procedures</Trans>
                  )}
                </h3>
                <ul className="-mx-2 divide-y">
                  {group.items.map((item) => (
                    <ReadingRow key={item.versionId} item={item} />
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
        {outstanding.length > SHOWN && (
          <p className="mt-2 text-xs text-muted-foreground">
            <Plural value={outstanding.length - SHOWN} other="# more waiting for you." />
          </p>
        )}
        {done.length > 0 && (
          <details className="mt-4 text-sm">
            <summary className="cursor-pointer font-medium text-navy">
              <Trans>Recently read ({done.length})</Trans>
            </summary>
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
