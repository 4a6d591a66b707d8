import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { Link } from 'wouter';
import { QueryState } from '@/components/query-state';
import { SectionCard } from '@/components/section-card';
import { formatCalendarDay } from '@/lib/labels';
import { readingQueries } from './api';
import { ComplianceBar } from './compliance-bars';
import { fullName, type PersonName } from '@common/names';

const SHOWN_NAMES = 30;

const nameOf = (p: PersonName) => fullName(p) ?? 'Unnamed user';

/** The SOP page, for approvers and admins: who must read the version in force and who has. */
export function CompliancePanel({ sopId }: { sopId: number }) {
  const compliance = useQuery(readingQueries.sopCompliance(sopId));
  const data = compliance.data;
  return (
    <SectionCard
      icon={Users}
      title="Reading compliance"
      testId="compliance-panel"
      aside={
        <Link href="/compliance" className="text-sm font-medium text-ocean hover:underline">
          All SOPs
        </Link>
      }
    >
      <QueryState query={compliance} loading="Loading compliance..." failed="Compliance could not be loaded." frame="py-6">
        {data && data.versionId === null && <p className="text-sm text-muted-foreground">No version is in force yet: nobody has anything to read.</p>}
        {data && data.versionId !== null && (
          <div className="space-y-4">
            <p className="text-sm" data-testid="compliance-total">
              <span className="text-2xl font-semibold text-navy tabular-nums">
                {data.attested} of {data.required}
              </span>{' '}
              have read version {data.versionNumber}
            </p>
            {data.dueDate && (
              <p className={data.overdue > 0 ? 'text-sm font-medium text-red-800' : 'text-sm text-muted-foreground'} data-testid="compliance-due">
                To be read by {formatCalendarDay(data.dueDate)}
                {data.overdue > 0 && ` · ${data.overdue} ${data.overdue === 1 ? 'person is' : 'people are'} past it`}
              </p>
            )}
            {data.withoutOpening > 0 && (
              <p className="text-sm text-amber-800" data-testid="compliance-without-opening">
                {data.withoutOpening} of them attested without opening every file.
              </p>
            )}
            {data.required === 0 && (
              <p className="text-sm text-muted-foreground">
                Nobody belongs to the departments that must read it yet; an administrator sets each user's department.
              </p>
            )}
            <div className="space-y-3">
              {data.departments.map((d) => (
                <ComplianceBar key={d.id} label={d.name} attested={d.attested} required={d.required} />
              ))}
            </div>
            {data.outstanding.length > 0 && (
              <div>
                <h4 className="text-sm font-medium">Not read yet ({data.outstanding.length})</h4>
                <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label="Not read yet" data-testid="compliance-outstanding">
                  {data.outstanding.slice(0, SHOWN_NAMES).map((person) => (
                    <li key={person.id} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-800">
                      {nameOf(person)}
                      {person.department && <span className="text-slate-600"> · {person.department.name}</span>}
                    </li>
                  ))}
                </ul>
                {data.outstanding.length > SHOWN_NAMES && (
                  <p className="mt-1 text-xs text-muted-foreground">and {data.outstanding.length - SHOWN_NAMES} more.</p>
                )}
              </div>
            )}
          </div>
        )}
      </QueryState>
    </SectionCard>
  );
}
