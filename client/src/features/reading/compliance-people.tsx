import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { PersonCompliance } from '@common/contracts/reading';
import { QueryState } from '@/components/query-state';
import { TableOrList } from '@/components/table-or-list';
import { TableCell, TableRow } from '@/components/ui/table';
import { readingQueries } from './api';
import { ShareBar } from './compliance-bars';
import { fullName, type PersonName } from '@common/names';

const nameOf = (p: PersonName) => fullName(p) ?? 'Unnamed user';

function Outstanding({ person }: { person: PersonCompliance }) {
  if (person.outstanding.length === 0) return <span className="text-emerald-800">Up to date</span>;
  return (
    <ul className="space-y-0.5">
      {person.outstanding.map((item) => (
        <li key={item.sopId} className="break-words [overflow-wrap:anywhere]">
          <Link href={`/sop/${item.sopId}`} className="text-ocean hover:underline">
            {item.title}
          </Link>{' '}
          <span className="text-muted-foreground">v{item.versionNumber}</span>
        </li>
      ))}
    </ul>
  );
}

const withoutOpening = (person: PersonCompliance) => (person.withoutOpening === 0 ? null : `${person.withoutOpening} attested without opening the files`);

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
          columns={['Person', 'Department', { label: 'Read', className: 'w-56' }, 'Still to read']}
          items={list}
          row={(person) => (
            <TableRow key={person.id} className="align-top">
              <TableCell className="font-medium whitespace-normal">
                {nameOf(person)}
                {withoutOpening(person) && <span className="block text-xs font-normal text-amber-800">{withoutOpening(person)}</span>}
              </TableCell>
              <TableCell className="whitespace-normal">{person.department.name}</TableCell>
              <TableCell>
                <ShareBar label={nameOf(person)} attested={person.attested} required={person.required} />
              </TableCell>
              <TableCell className="text-sm whitespace-normal">
                <Outstanding person={person} />
              </TableCell>
            </TableRow>
          )}
          entry={(person) => (
            <li key={person.id} className="space-y-2 px-4 py-3 text-sm">
              <p className="font-medium break-words">{nameOf(person)}</p>
              <p className="text-xs text-muted-foreground">
                {person.department.name}
                {withoutOpening(person) && <span className="text-amber-800"> · {withoutOpening(person)}</span>}
              </p>
              <ShareBar label={nameOf(person)} attested={person.attested} required={person.required} />
              <Outstanding person={person} />
            </li>
          )}
        />
      )}
    </QueryState>
  );
}
