import { useQuery } from '@tanstack/react-query';
import type { PersonCompliance } from '@common/contracts/reading';
import { QueryState } from '@/components/query-state';
import { TableOrList } from '@/components/table-or-list';
import { TableCell, TableRow } from '@/components/ui/table';
import { readingQueries } from './api';
import { ShareBar, WHOLE_WORDS } from './compliance-bars';
import { OutstandingList } from './outstanding-list';
import { PersonPlace, placeOf } from './person-place';
import { RemindPersonButton } from './remind-buttons';
import { fullName, type PersonName } from '@common/names';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

const nameOf = (p: PersonName) => fullName(p) ?? t`Unnamed user`;

const withoutOpening = ({ withoutOpening: unopened }: PersonCompliance) =>
  unopened === 0 ? null : plural(unopened, { one: '# attested without opening the files', other: '# attested without opening the files' });
const overdueOf = ({ overdue }: PersonCompliance) => (overdue === 0 ? null : plural(overdue, { one: '# overdue', other: '# overdue' }));
const remindButton = (person: PersonCompliance) =>
  person.outstanding.length === 0 ? null : <RemindPersonButton person={{ id: person.id, name: nameOf(person) }} />;

/** The compliance screen's People view: each member of the department, most behind first. */
export function CompliancePeople({ departmentId }: { departmentId: number | undefined }) {
  const people = useQuery({ ...readingQueries.people(departmentId ?? 0), enabled: departmentId !== undefined });
  if (departmentId === undefined) {
    return (
      <p className="px-6 py-12 text-center text-sm text-muted-foreground">
        <Trans>Choose a department to see who in it is behind.</Trans>
      </p>
    );
  }
  const list = people.data ?? [];
  return (
    <QueryState query={people} loading={t`Loading people...`} failed={t`The people of this department could not be loaded.`} frame="py-12">
      {list.length === 0 ? (
        <p className="px-6 py-12 text-center text-sm text-muted-foreground">
          <Trans>Nobody is in this department.</Trans>
        </p>
      ) : (
        <TableOrList
          label={t`People`}
          tableClassName={WHOLE_WORDS}
          columns={[t`Person`, t`Department`, { label: t`Read`, className: 'w-40' }, t`Still to read`, { label: t`Remind`, className: 'sr-only' }]}
          items={list}
          row={(person) => (
            <TableRow key={person.id} className="align-top">
              <TableCell className="font-medium">
                {nameOf(person)}
                {overdueOf(person) && <span className="block text-xs font-medium text-red-800">{overdueOf(person)}</span>}
                {withoutOpening(person) && <span className="block text-xs font-normal text-amber-800">{withoutOpening(person)}</span>}
              </TableCell>
              <TableCell>
                <PersonPlace person={person} />
              </TableCell>
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
                {placeOf(person)}
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
