import { useQuery } from '@tanstack/react-query';
import type { BehindPerson } from '@common/contracts/reading';
import { fullName } from '@common/names';
import { QueryState } from '@/components/query-state';
import { TableOrList } from '@/components/table-or-list';
import { TableCell, TableRow } from '@/components/ui/table';
import { readingQueries } from './api';
import { WHOLE_WORDS } from './compliance-bars';
import { OutstandingList } from './outstanding-list';
import { RemindPersonButton } from './remind-buttons';

const nameOf = (p: BehindPerson) => fullName(p) ?? 'Unnamed user';
const overdueText = (p: BehindPerson) => (p.overdue === 1 ? '1 overdue' : `${p.overdue} overdue`);

/** The vessels a person is assigned to, by code, or nothing when none in particular. */
const vesselsOf = (p: BehindPerson) => (p.vesselCodes.length === 0 ? '—' : p.vesselCodes.join(', '));

/** Per vessel: how many of the people assigned to it are behind, and how many read-by dates they have missed. */
function VesselSummary() {
  const vessels = useQuery(readingQueries.vessels());
  const list = vessels.data ?? [];
  if (list.length === 0) return null;
  return (
    <ul className="grid gap-2 border-b p-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Vessels">
      {list.map((v) => (
        <li key={v.code} className="rounded-md border bg-white px-3 py-2 text-sm">
          <p className="font-medium">
            {v.name} <span className="font-mono text-xs text-muted-foreground">{v.code}</span>
          </p>
          <p className={v.behind > 0 ? 'text-red-800' : 'text-emerald-800'}>
            {v.behind} of {v.people} behind
            {v.overdue > 0 && <span className="text-muted-foreground"> · {v.overdue} overdue</span>}
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
      <QueryState query={behind} loading="Loading who is behind..." failed="The list of who is behind could not be loaded." frame="py-12">
        {people.length === 0 ? (
          <p className="px-6 py-12 text-center text-sm text-muted-foreground">Nobody is behind: all required reading is within its date.</p>
        ) : (
          <>
            <p className="border-b px-4 py-2 text-sm text-muted-foreground" data-testid="behind-count">
              {total === 1 ? '1 person is' : `${total} people are`} behind{total > people.length ? `; the ${people.length} most behind are shown` : ''}.
            </p>
            <TableOrList
              label="Behind"
              tableClassName={WHOLE_WORDS}
              columns={[
                'Person',
                'Department',
                ...(showVessels ? ['Vessels'] : []),
                { label: 'Overdue', className: 'text-right' },
                'Still to read',
                { label: 'Remind', className: 'sr-only' },
              ]}
              items={people}
              row={(person) => (
                <TableRow key={person.id} className="align-top">
                  <TableCell className="font-medium">{nameOf(person)}</TableCell>
                  <TableCell>{person.department.name}</TableCell>
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
                    {person.department.name}
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
