import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AuditEvent, AuditFacets } from '@common/contracts/audit';
import { getJson, withQuery } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const AUDIT_PAGE_SIZE = 50;

/** The screen's filters as the URL and the API name them; days are 'YYYY-MM-DD' in the viewer's time zone. */
export interface AuditLogFilters {
  actorId?: number;
  action?: string;
  entityType?: string;
  fromDay?: string;
  toDay?: string;
}

/** The filters as the API's query: a day range becomes the instants at its local start and end. */
export function auditQueryOf(filters: AuditLogFilters): Record<string, string | number | undefined> {
  return {
    actorId: filters.actorId,
    action: filters.action,
    entityType: filters.entityType,
    from: filters.fromDay ? new Date(`${filters.fromDay}T00:00:00`).toISOString() : undefined,
    to: filters.toDay ? new Date(`${filters.toDay}T23:59:59.999`).toISOString() : undefined,
  };
}

export const auditLogQueries = {
  facets: () => queryOptions<AuditFacets>({ queryKey: queryKeys.audit.facets() }),
  log: (filters: AuditLogFilters) => {
    const query = auditQueryOf(filters);
    return infiniteQueryOptions({
      queryKey: queryKeys.audit.log(query),
      initialPageParam: undefined as number | undefined,
      queryFn: ({ pageParam, signal }) => getJson<AuditEvent[]>(withQuery('/api/audit', { ...query, limit: AUDIT_PAGE_SIZE, before: pageParam }), { signal }),
      // A short page is the last one.
      getNextPageParam: (last: AuditEvent[]) => (last.length === AUDIT_PAGE_SIZE ? last[last.length - 1].id : undefined),
    });
  },
};

export const auditExportUrl = (filters: AuditLogFilters) => withQuery('/api/audit/export.csv', auditQueryOf(filters));

/** Where an event's subject lives in the app, if anywhere. */
export function entityHref(event: Pick<AuditEvent, 'entityType' | 'entityId'>): string | null {
  if (event.entityId === null) return null;
  switch (event.entityType) {
    case 'sop':
      return `/sop/${event.entityId}`;
    case 'department':
      return `/documents?dept=${event.entityId}`;
    case 'user':
      return `/admin/audit?actorId=${event.entityId}`;
    case 'itinerary':
      return '/itinerary';
    case 'daily_program':
      return '/daily-program';
    default:
      return null;
  }
}
