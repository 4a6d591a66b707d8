import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { Link } from 'wouter';
import { QueryState } from '@/components/query-state';
import { SectionCard } from '@/components/section-card';
import { formatCalendarDay } from '@/lib/labels';
import { readingQueries } from './api';
import { ComplianceBar } from './compliance-bars';
import { fullName, type PersonName } from '@common/names';
import { t } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';

const SHOWN_NAMES = 30;

const nameOf = (p: PersonName) => fullName(p) ?? t`Unnamed user`;

function CompliancePanelTotal({ attested, required, versionNumber }: { attested: number; required: number; versionNumber: string | null }) {
  return (
    <p className="text-sm" data-testid="compliance-total">
      <Trans>
        <span className="text-2xl font-semibold text-navy tabular-nums">
          {attested} of {required}
        </span>{' '}
        have read version {versionNumber}
      </Trans>
    </p>
  );
}

function DueLine({ due, overdue }: { due: string; overdue: number }) {
  if (overdue === 0) return <Trans>To be read by {due}</Trans>;
  return <Plural value={overdue} one={`To be read by ${due} · # person is past it`} other={`To be read by ${due} · # people are past it`} />;
}

const WithoutOpening = ({ count }: { count: number }) => <Trans>{count} of them attested without opening every file.</Trans>;
const NotReadYet = ({ count }: { count: number }) => <Trans>Not read yet ({count})</Trans>;
const AndMore = ({ count }: { count: number }) => <Trans>and {count} more.</Trans>;

/** The SOP page, for approvers and admins: who must read the version in force and who has. */
export function CompliancePanel({ sopId }: { sopId: number }) {
  const compliance = useQuery(readingQueries.sopCompliance(sopId));
  const data = compliance.data;
  return (
    <SectionCard
      icon={Users}
      title={t`Reading compliance`}
      testId="compliance-panel"
      aside={
        <Link href="/compliance" className="text-sm font-medium text-ocean hover:underline">
          <Trans>All SOPs</Trans>
        </Link>
      }
    >
      <QueryState query={compliance} loading={t`Loading compliance...`} failed={t`Compliance could not be loaded.`} frame="py-6">
        {data && data.versionId === null && (
          <p className="text-sm text-muted-foreground">
            <Trans>No version is in force yet: nobody has anything to read.</Trans>
          </p>
        )}
        {data && data.versionId !== null && (
          <div className="space-y-4">
            <CompliancePanelTotal attested={data.attested} required={data.required} versionNumber={data.versionNumber} />
            {data.dueDate && (
              <p className={data.overdue > 0 ? 'text-sm font-medium text-red-800' : 'text-sm text-muted-foreground'} data-testid="compliance-due">
                <DueLine due={formatCalendarDay(data.dueDate)} overdue={data.overdue} />
              </p>
            )}
            {data.withoutOpening > 0 && (
              <p className="text-sm text-amber-800" data-testid="compliance-without-opening">
                <WithoutOpening count={data.withoutOpening} />
              </p>
            )}
            {data.required === 0 && (
              <p className="text-sm text-muted-foreground">
                <Trans>Nobody belongs to the departments that must read it yet; an administrator sets each user's department.</Trans>
              </p>
            )}
            <div className="space-y-3">
              {data.departments.map((d) => (
                <ComplianceBar key={d.id} label={d.name} attested={d.attested} required={d.required} />
              ))}
            </div>
            {data.outstanding.length > 0 && (
              <div>
                <h4 className="text-sm font-medium">
                  <NotReadYet count={data.outstanding.length} />
                </h4>
                <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label={t`Not read yet`} data-testid="compliance-outstanding">
                  {data.outstanding.slice(0, SHOWN_NAMES).map((person) => (
                    <li key={person.id} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-800">
                      {nameOf(person)}
                      {person.department && <span className="text-slate-600"> · {person.department.name}</span>}
                    </li>
                  ))}
                </ul>
                {data.outstanding.length > SHOWN_NAMES && (
                  <p className="mt-1 text-xs text-muted-foreground">
                    <AndMore count={data.outstanding.length - SHOWN_NAMES} />
                  </p>
                )}
              </div>
            )}
          </div>
        )}
      </QueryState>
    </SectionCard>
  );
}
