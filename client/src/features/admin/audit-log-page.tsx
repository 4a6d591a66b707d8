import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ChevronLeft, Download, X } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import type { AuditEvent } from '@common/contracts/audit';
import { OptionsSelect, type SelectOption } from '@/components/options-select';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { Spinner } from '@/components/spinner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Timestamp } from '@/components/timestamp';
import { displayNameOf } from '@/lib/names';
import { useCurrentUser } from '@/lib/session';
import { useSaveFile } from '@/lib/use-save-file';
import { adminQueries } from './api';
import { type AuditLogFilters, auditExportUrl, auditLogQueries, entityHref } from './audit-log-api';
import { entityLabel, eventLabel } from '@/lib/event-labels';
import { changeWords } from './audit-words';
import { Trans, useLingui } from '@lingui/react/macro';

const ANY = 'any';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One of the filters: 'All …' (ANY) first, then the values the log holds. */
function AuditFilter({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: SelectOption[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <OptionsSelect id={id} value={value} options={options} onValueChange={onChange} />
    </div>
  );
}

function filtersFrom(search: string): AuditLogFilters {
  const q = new URLSearchParams(search);
  const actorId = Number(q.get('actorId'));
  const day = (name: string) => (DAY.test(q.get(name) ?? '') ? (q.get(name) as string) : undefined);
  return {
    actorId: Number.isInteger(actorId) && actorId > 0 ? actorId : undefined,
    action: q.get('action') || undefined,
    entityType: q.get('entityType') || undefined,
    fromDay: day('from'),
    toDay: day('to'),
  };
}

function searchOf(filters: AuditLogFilters): string {
  const q = new URLSearchParams();
  if (filters.actorId) q.set('actorId', String(filters.actorId));
  if (filters.action) q.set('action', filters.action);
  if (filters.entityType) q.set('entityType', filters.entityType);
  if (filters.fromDay) q.set('from', filters.fromDay);
  if (filters.toDay) q.set('to', filters.toDay);
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** The event's subject as the screens quote it: its metadata name or title, else the entity and its id. */
function subjectOf(event: AuditEvent): string {
  const { name, title } = event.metadata ?? {};
  if (typeof title === 'string' && title) return title;
  if (typeof name === 'string' && name) return name;
  return event.entityId === null ? entityLabel(event.entityType) : `${entityLabel(event.entityType)} #${event.entityId}`;
}

export default function AuditLogPage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <AuditLog />;
}

function AuditLog() {
  const { t } = useLingui();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = filtersFrom(search);
  const setFilters = (change: Partial<AuditLogFilters>) => navigate(`/admin/audit${searchOf({ ...filters, ...change })}`, { replace: true });
  const facets = useQuery(auditLogQueries.facets());
  const users = useQuery(adminQueries.users());
  const log = useInfiniteQuery(auditLogQueries.log(filters));
  const events = log.data?.pages.flat() ?? [];
  const { saving: exporting, save } = useSaveFile({ ready: t`Export ready`, failed: t`Export failed`, fallback: t`The audit log could not be exported.` });
  const filtered = searchOf(filters) !== '';
  const rangeInvalid = !!filters.fromDay && !!filters.toDay && filters.fromDay > filters.toDay;

  const exportLog = () => save(auditExportUrl(filters), 'audit-log.csv');

  return (
    <div>
      <Link href="/admin" className="mb-2 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline">
        <ChevronLeft className="size-4" aria-hidden="true" /> <Trans>Administration Center</Trans>
      </Link>
      <PageHeader
        title={t`Audit Log`}
        description={t`Every change recorded, newest first. The trail cannot be edited.`}
        actions={
          <Button variant="outline" size="sm" onClick={exportLog} disabled={exporting || rangeInvalid}>
            <Download /> {exporting ? t`Exporting...` : t`Export CSV`}
          </Button>
        }
      />
      <section
        aria-label={t`Filters`}
        className="mb-4 grid grid-cols-1 gap-3 rounded-lg border bg-card p-3 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end"
      >
        <AuditFilter
          id="audit-actor"
          label={t`Actor`}
          value={filters.actorId ? String(filters.actorId) : ANY}
          options={[
            { value: ANY, label: t`All actors` },
            ...(users.data ?? []).map((u) => ({ value: String(u.id), label: `${displayNameOf(u)} (${u.username})` })),
          ]}
          onChange={(v) => setFilters({ actorId: v === ANY ? undefined : Number(v) })}
        />
        <AuditFilter
          id="audit-action"
          label={t`Action`}
          value={filters.action ?? ANY}
          options={[{ value: ANY, label: t`All actions` }, ...(facets.data?.actions ?? []).map((action) => ({ value: action, label: eventLabel(action) }))]}
          onChange={(v) => setFilters({ action: v === ANY ? undefined : v })}
        />
        <AuditFilter
          id="audit-entity"
          label={t`Entity`}
          value={filters.entityType ?? ANY}
          options={[{ value: ANY, label: t`All entities` }, ...(facets.data?.entityTypes ?? []).map((type) => ({ value: type, label: entityLabel(type) }))]}
          onChange={(v) => setFilters({ entityType: v === ANY ? undefined : v })}
        />
        <div className="space-y-1">
          <Label htmlFor="audit-from">
            <Trans>From</Trans>
          </Label>
          <Input id="audit-from" type="date" value={filters.fromDay ?? ''} onChange={(e) => setFilters({ fromDay: e.target.value || undefined })} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="audit-to">
            <Trans>To</Trans>
          </Label>
          <Input id="audit-to" type="date" value={filters.toDay ?? ''} onChange={(e) => setFilters({ toDay: e.target.value || undefined })} />
        </div>
        <Button variant="ghost" size="sm" disabled={!filtered} onClick={() => navigate('/admin/audit', { replace: true })}>
          <X /> <Trans>Clear</Trans>
        </Button>
      </section>
      {rangeInvalid ? (
        <p role="alert" className="rounded-lg border bg-card py-10 text-center text-sm text-destructive">
          <Trans>The From day must not be after the To day.</Trans>
        </p>
      ) : (
        <QueryState query={log} loading={t`Loading the audit log`} failed={t`The audit log could not be loaded.`} frame="rounded-lg border bg-card py-16">
          {events.length === 0 ? (
            <p className="rounded-lg border bg-card py-16 text-center text-sm text-muted-foreground">
              {filtered ? t`No events match these filters` : t`No events recorded yet`}
            </p>
          ) : (
            <div className="overflow-hidden rounded-lg border bg-card">
              <div className="hidden grid-cols-[11rem_12rem_minmax(0,1fr)_minmax(0,1.4fr)] gap-3 border-b bg-muted/40 px-4 py-2 text-xs font-medium text-muted-foreground md:grid">
                <span>
                  <Trans>Time</Trans>
                </span>
                <span>
                  <Trans>Actor</Trans>
                </span>
                <span>
                  <Trans>Action</Trans>
                </span>
                <span>
                  <Trans>Subject</Trans>
                </span>
              </div>
              <ul aria-label={t`Audit events`} className="divide-y">
                {events.map((event) => (
                  <EventRow key={event.id} event={event} />
                ))}
              </ul>
            </div>
          )}
          <div className="mt-4 flex justify-center">
            {log.hasNextPage && (
              <Button variant="outline" onClick={() => log.fetchNextPage()} disabled={log.isFetchingNextPage}>
                {log.isFetchingNextPage ? <Spinner className="size-4" label={t`Loading more events`} /> : t`Load more`}
              </Button>
            )}
          </div>
        </QueryState>
      )}
    </div>
  );
}

function EventRow({ event }: { event: AuditEvent }) {
  const { t } = useLingui();
  const href = entityHref(event);
  const subject = subjectOf(event);
  const actor = event.actor ? displayNameOf(event.actor) : t`System`;
  const { changes } = event.metadata;
  return (
    <li className="grid gap-1 px-4 py-3 text-sm md:grid-cols-[11rem_12rem_minmax(0,1fr)_minmax(0,1.4fr)] md:items-center md:gap-3" data-testid="audit-event">
      <Timestamp at={event.createdAt} className="tabular-nums" />
      <span className="truncate font-medium text-navy">
        {event.actorId ? (
          <Link href={`/admin/audit?actorId=${event.actorId}`} className="hover:underline" title={t`Events by ${actor}`}>
            {actor}
          </Link>
        ) : (
          actor
        )}
      </span>
      <span>{eventLabel(event.action)}</span>
      <span className="min-w-0 truncate">
        {href ? (
          <Link href={href} className="font-medium text-ocean hover:underline">
            {subject}
          </Link>
        ) : (
          subject
        )}
      </span>
      {changes && changes.length > 0 && (
        <ul className="min-w-0 space-y-0.5 text-xs text-muted-foreground md:col-span-2 md:col-start-3" aria-label={t`What changed`} data-testid="audit-changes">
          {changes.map((change) => (
            <li key={change.field} className="break-words">
              {changeWords(change)}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
