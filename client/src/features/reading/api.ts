import { queryOptions } from '@tanstack/react-query';
import type { ComplianceList, MyReading, Notifications, PeopleCompliance, SopCompliance, SopReading } from '@common/contracts/reading';
import { withQuery } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const readingQueries = {
  mine: () => queryOptions<MyReading>({ queryKey: queryKeys.reading.mine() }),
  sop: (sopId: number) => queryOptions<SopReading>({ queryKey: queryKeys.reading.sop(sopId) }),
  notifications: () => queryOptions<Notifications>({ queryKey: queryKeys.notifications() }),
  sopCompliance: (sopId: number) => queryOptions<SopCompliance>({ queryKey: queryKeys.compliance.sop(sopId) }),
  compliance: (departmentId?: number) => queryOptions<ComplianceList>({ queryKey: queryKeys.compliance.list({ departmentId }) }),
  people: (departmentId: number) => queryOptions<PeopleCompliance>({ queryKey: queryKeys.compliance.people(departmentId) }),
};

/** The CSV of the compliance list with the same filter (a plain link: the browser downloads it). */
export const complianceCsvUrl = (departmentId?: number) => withQuery('/api/compliance/export.csv', { departmentId });
export const peopleCsvUrl = (departmentId: number) => withQuery('/api/compliance/people.csv', { departmentId });

/** 'n of m', and the share as a whole percent (an SOP nobody must read counts as complete). */
export function share(attested: number, required: number): number {
  return required === 0 ? 100 : Math.floor((attested / required) * 100);
}
