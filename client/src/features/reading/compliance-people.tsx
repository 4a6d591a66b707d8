import { useQuery } from '@tanstack/react-query';
import type { PersonCompliance } from '@common/contracts/reading';
import { QueryState } from '@/components/query-state';
import { TableOrList } from '@/components/table-or-list';
import { TableCell, TableRow } from '@/components/ui/table';
import { readingQueries } from './api';
import { ShareBar, WHOLE_WORDS } from './compliance-bars';
import { OutstandingList } from './outstanding-list';
import { RemindPersonButton } from './remind-buttons';
import { fullName, type PersonName } from '@common/names';

const nameOf = (p: PersonName) => fullName(p) ?? 'Unnamed user';

const withoutOpening = (person: PersonCompliance) => (person.withoutOpening === 0 ? null : `${person.withoutOpening} attested without opening the files`);
const overdueOf = (person: PersonCompliance) => (person.overdue === 0 ? null : `${person.overdue} overdue`);
const remindButton = (person: PersonCompliance) =>
  person.outstanding.length === 0 ? null : <RemindPersonButton person={{ id: person.id, name: nameOf(person) }} />;

/** The compliance screen's People view: each member of the department, most behind first. */
export function CompliancePeople({ departmentId }: { departmentId: number | undefined }) {
  const people = useQuery({ ...readingQueries.people(departmentId ?? 0), enabled: departmentId !== undefined });
  if (departmentId === undefined) {
    return <p className="px-6 py-12 text-center text-sm text-muted-foreground">Choose a department to see who in it is behind.</p>;
  }
  const list = people.data ?? [];
  return (
    <QueryState query={people} loading="Loading people..." failed="The people of this department could not be loaded." frame="py-12">
      {list.length === 0 ? (
        <p className="px-6 py-12 text-center text-sm text-muted-foreground">Nobody is in this department.</p>
      ) : (
        <TableOrList
          label="People"
          tableClassName={WHOLE_WORDS}
          columns={['Person', 'Department', { label: 'Read', className: 'w-40' }, 'Still to read', { label: 'Remind', className: 'sr-only' }]}
          items={list}
          row={(person) => (
            <TableRow key={person.id} className="align-top">
              <TableCell className="font-medium">
                {nameOf(person)}
                {overdueOf(person) && <span className="block text-xs font-medium text-red-800">{overdueOf(person)}</span>}
                {withoutOpening(person) && <span className="block text-xs font-normal text-amber-800">{withoutOpening(person)}</span>}
              </TableCell>
              <TableCell>{person.department.name}</TableCell>
              <TableCell>
                <ShareBar label={nameOf(person)} attested={person.attested} required={person.required} />
              </TableCell>
              <TableCell className="text-sm whitespace-normal">
                <OutstandingList items={person.outstanding} />
              </TableCell>
              <TableCell className="text-right">{remindButton(person)}</TableCell>
            </TableRow>
          )}
          entry={(person) => (
            <li key={person.id} className="space-y-2 px-4 py-3 text-sm">
              <div className="flex items-start justify-between gap-3">
                <p className="font-medium">{nameOf(person)}</p>
                {remindButton(person)}
              </div>
              <p className="text-xs text-muted-foreground">
                {person.department.name}
                {overdueOf(person) && <span className="font-medium text-red-800"> · {overdueOf(person)}</span>}
                {withoutOpening(person) && <span className="text-amber-800"> · {withoutOpening(person)}</span>}
              </p>
              <ShareBar label={nameOf(person)} attested={person.attested} required={person.required} />
              <OutstandingList items={person.outstanding} />
            </li>
          )}
        />
      )}
    </QueryState>
  );
}
