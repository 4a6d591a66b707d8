import { queryOptions } from '@tanstack/react-query';
import type {
  Behind,
  ComplianceList,
  Notifications,
  PeopleCompliance,
  RemindResult,
  SopCompliance,
  SopReading,
  VesselCompliance,
} from '@common/contracts/reading';
import type { VersionComparison } from '@common/contracts/review-loop';
import { apiRequest, withQuery } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { myReadingQuery } from '@/lib/shared-queries';
import { useApiMutation } from '@/lib/use-api-mutation';
import { plural, t } from '@lingui/core/macro';

export const readingQueries = {
  mine: () => myReadingQuery,
  sop: (sopId: number) => queryOptions<SopReading>({ queryKey: queryKeys.reading.sop(sopId) }),
  changes: (sopId: number) => queryOptions<VersionComparison>({ queryKey: queryKeys.reading.changes(sopId) }),
  notifications: () => queryOptions<Notifications>({ queryKey: queryKeys.notifications() }),
  sopCompliance: (sopId: number) => queryOptions<SopCompliance>({ queryKey: queryKeys.compliance.sop(sopId) }),
  compliance: (departmentId?: number) => queryOptions<ComplianceList>({ queryKey: queryKeys.compliance.list({ departmentId }) }),
  people: (departmentId: number) => queryOptions<PeopleCompliance>({ queryKey: queryKeys.compliance.people(departmentId) }),
  behind: (vesselCode?: string) => queryOptions<Behind>({ queryKey: queryKeys.compliance.behind({ vesselCode }) }),
  vessels: () => queryOptions<VesselCompliance>({ queryKey: queryKeys.compliance.vessels() }),
};

/** The CSV of the compliance list with the same filter (a plain link: the browser downloads it). */
export const complianceCsvUrl = (departmentId?: number) => withQuery('/api/compliance/export.csv', { departmentId });
export const peopleCsvUrl = (departmentId: number) => withQuery('/api/compliance/people.csv', { departmentId });
export const behindCsvUrl = (vesselCode?: string) => withQuery('/api/compliance/behind.csv', { vesselCode });

/** What a reminder did, in a sentence. */
const remindedText = (result: RemindResult) => {
  const { reminded, alreadyToday } = result;
  if (alreadyToday === 0) return plural(reminded, { one: '# person reminded', other: '# people reminded' });
  return plural(reminded, {
    one: `# person reminded; ${alreadyToday} already reminded today`,
    other: `# people reminded; ${alreadyToday} already reminded today`,
  });
};

/** 'Remind' one person of the reading waiting for them (once a day per person). */
export function useRemindPerson() {
  return useApiMutation({
    mutationFn: async (person: { id: number; name: string }) =>
      (await apiRequest('POST', `/api/compliance/people/${person.id}/remind`)).json() as Promise<RemindResult>,
    success: (_result, { name }) => t`${name} was reminded by the bell and by e-mail`,
    failure: { title: t`Not reminded`, fallback: t`The reminder could not be sent` },
  });
}

/** 'Remind' everyone in a department who is behind and was not reminded today. */
export function useRemindDepartment() {
  return useApiMutation({
    mutationFn: async (departmentId: number) => (await apiRequest('POST', '/api/compliance/remind', { departmentId })).json() as Promise<RemindResult>,
    success: (result) => remindedText(result),
    failure: { title: t`Not reminded`, fallback: t`The reminders could not be sent` },
  });
}

/** 'n of m', and the share as a whole percent (an SOP nobody must read counts as complete). */
export function share(attested: number, required: number): number {
  return required === 0 ? 100 : Math.floor((attested / required) * 100);
}
