import { useQuery } from '@tanstack/react-query';
import type { BehindPerson } from '@common/contracts/reading';
import { fullName } from '@common/names';
import { QueryState } from '@/components/query-state';
import { TableOrList } from '@/components/table-or-list';
import { TableCell, TableRow } from '@/components/ui/table';
import { readingQueries } from './api';
import { WHOLE_WORDS } from './compliance-bars';
import { OutstandingList } from './outstanding-list';
import { PersonPlace, placeOf } from './person-place';
import { RemindPersonButton } from './remind-buttons';
import { plural, t } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';

const nameOf = (p: BehindPerson) => fullName(p) ?? t`Unnamed user`;
const overdueText = ({ overdue }: BehindPerson) => plural(overdue, { one: '# overdue', other: '# overdue' });

/** The vessels a person is assigned to, by code, or nothing when none in particular. */
const vesselsOf = (p: BehindPerson) => (p.vesselCodes.length === 0 ? '—' : p.vesselCodes.join(', '));

/** 'n of m behind', and how many read-by dates they have missed. */
function VesselBehind({ behind, people, overdue }: { behind: number; people: number; overdue: number }) {
  return (
    <>
      <Trans>
        {behind} of {people} behind
      </Trans>
      {overdue > 0 && (
        <span className="text-muted-foreground">
          {' '}
          · <Plural value={overdue} one="# overdue" other="# overdue" />
        </span>
      )}
    </>
  );
}

/** 'n people are behind.', with how many are shown when the list is cut short. */
function behindCount(total: number, shown: number): string {
  if (total > shown)
    return plural(total, {
      one: `# person is behind; the ${shown} most behind are shown.`,
      other: `# people are behind; the ${shown} most behind are shown.`,
    });
  return plural(total, { one: '# person is behind.', other: '# people are behind.' });
}

/** Per vessel: how many of the people assigned to it are behind, and how many read-by dates they have missed. */
function VesselSummary() {
  const vessels = useQuery(readingQueries.vessels());
  const list = vessels.data ?? [];
  if (list.length === 0) return null;
  return (
    <ul className="grid gap-2 border-b p-3 sm:grid-cols-2 lg:grid-cols-4" aria-label={t`Vessels`}>
      {list.map((v) => (
        <li key={v.code} className="rounded-md border bg-white px-3 py-2 text-sm">
          <p className="font-medium">
            {v.name} <span className="font-mono text-xs text-muted-foreground">{v.code}</span>
          </p>
          <p className={v.behind > 0 ? 'text-red-800' : 'text-emerald-800'}>
            <VesselBehind behind={v.behind} people={v.people} overdue={v.overdue} />
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The compliance screen's Behind view: everyone in the fleet (or on one vessel) with reading past its due day, oldest first. */
export function ComplianceBehind({ vesselCode, showVessels }: { vesselCode: string | undefined; showVessels: boolean }) {
  const behind = useQuery(readingQueries.behind(vesselCode));
  const people = behind.data?.people ?? [];
  const total = behind.data?.total ?? 0;
  return (
    <>
      {showVessels && vesselCode === undefined && <VesselSummary />}
      <QueryState query={behind} loading={t`Loading who is behind...`} failed={t`The list of who is behind could not be loaded.`} frame="py-12">
        {people.length === 0 ? (
          <p className="px-6 py-12 text-center text-sm text-muted-foreground">
            <Trans>Nobody is behind: all required reading is within its date.</Trans>
          </p>
        ) : (
          <>
            <p className="border-b px-4 py-2 text-sm text-muted-foreground" data-testid="behind-count">
              {behindCount(total, people.length)}
            </p>
            <TableOrList
              label={t`Behind`}
              tableClassName={WHOLE_WORDS}
              columns={[
                t`Person`,
                t`Department`,
                ...(showVessels ? [t`Vessels`] : []),
                { label: t`Overdue`, className: 'text-right' },
                t`Still to read`,
                { label: t`Remind`, className: 'sr-only' },
              ]}
              items={people}
              row={(person) => (
                <TableRow key={person.id} className="align-top">
                  <TableCell className="font-medium">{nameOf(person)}</TableCell>
                  <TableCell>
                    <PersonPlace person={person} />
                  </TableCell>
                  {showVessels && <TableCell>{vesselsOf(person)}</TableCell>}
                  <TableCell className="text-right font-medium text-red-800 tabular-nums">{person.overdue}</TableCell>
                  <TableCell className="text-sm whitespace-normal">
                    <OutstandingList items={person.outstanding} />
                  </TableCell>
                  <TableCell className="text-right">
                    <RemindPersonButton person={{ id: person.id, name: nameOf(person) }} />
                  </TableCell>
                </TableRow>
              )}
              entry={(person) => (
                <li key={person.id} className="space-y-2 px-4 py-3 text-sm">
                  <div className="flex items-start justify-between gap-3">
                    <p className="font-medium">{nameOf(person)}</p>
                    <RemindPersonButton person={{ id: person.id, name: nameOf(person) }} />
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {placeOf(person)}
                    {showVessels && person.vesselCodes.length > 0 && ` · ${vesselsOf(person)}`} ·{' '}
                    <span className="font-medium text-red-800">{overdueText(person)}</span>
                  </p>
                  <OutstandingList items={person.outstanding} />
                </li>
              )}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
