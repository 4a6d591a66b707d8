import { useQuery } from '@tanstack/react-query';
import type { ComplianceRow } from '@common/contracts/reading';
import { QueryState } from '@/components/query-state';
import { SopLink } from '@/components/sop-link';
import { TableOrList } from '@/components/table-or-list';
import { TableCell, TableRow } from '@/components/ui/table';
import { formatCalendarDay } from '@/lib/labels';
import { readingQueries } from './api';
import { ShareBar, WHOLE_WORDS } from './compliance-bars';
import { t } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';

const number = 'text-right tabular-nums';
/** Columns a tablet leaves out to fit (its rows say the version beneath the title instead). */
const wide = 'hidden lg:table-cell';

/** The day it must be read by; red once readers are past it. */
function DueDate({ row }: { row: ComplianceRow }) {
  return <span className={row.overdue > 0 ? 'font-medium whitespace-nowrap text-red-800' : 'whitespace-nowrap'}>{formatCalendarDay(row.dueDate)}</span>;
}

const Overdue = ({ overdue }: { overdue: number }) => <Plural value={overdue} one="# overdue" other="# overdue" />;
const Unopened = ({ unopened, short }: { unopened: number; short?: boolean }) =>
  short ? (
    <Plural value={unopened} one="# without opening" other="# without opening" />
  ) : (
    <Plural value={unopened} one="# attested without opening the files" other="# attested without opening the files" />
  );

/** A phone's line under the title: department, version, read-by day and how many are still to read. */
function EntryFacts({ row }: { row: ComplianceRow }) {
  const department = row.department.name;
  const version = row.versionNumber;
  const outstanding = row.required - row.attested;
  return (
    <Trans>
      {department} · v{version} · read by <DueDate row={row} /> · {outstanding} outstanding
    </Trans>
  );
}

/** The compliance screen's Procedures view: every SOP in force the department must read, and how many have attested it. */
export function ComplianceProcedures({ departmentId }: { departmentId: number | undefined }) {
  const rows = useQuery(readingQueries.compliance(departmentId));
  const list = rows.data ?? [];
  return (
    <QueryState query={rows} loading={t`Loading compliance...`} failed={t`Compliance could not be loaded.`} frame="py-12">
      {list.length === 0 ? (
        <p className="px-6 py-12 text-center text-sm text-muted-foreground">
          <Trans>No procedure in force here yet.</Trans>
        </p>
      ) : (
        <TableOrList
          label={t`Compliance`}
          tableClassName={WHOLE_WORDS}
          columns={[
            t`Procedure`,
            t`Department`,
            { label: t`Version`, className: wide },
            t`Read`,
            t`Read by`,
            { label: t`Outstanding`, className: 'text-right' },
            { label: t`Overdue`, className: 'text-right' },
            { label: t`Without opening`, className: `text-right ${wide}` },
          ]}
          items={list}
          row={(row) => (
            <TableRow key={row.sopId}>
              <TableCell>
                <SopLink sopId={row.sopId} title={row.title} />
                <span className="block text-xs text-muted-foreground lg:hidden">
                  v{row.versionNumber}
                  {row.withoutOpening > 0 && (
                    <span className="text-amber-800">
                      {' '}
                      · <Unopened unopened={row.withoutOpening} short />
                    </span>
                  )}
                </span>
              </TableCell>
              <TableCell>{row.department.name}</TableCell>
              <TableCell className={wide}>{row.versionNumber}</TableCell>
              <TableCell>
                <ShareBar label={row.title} attested={row.attested} required={row.required} />
              </TableCell>
              <TableCell>
                <DueDate row={row} />
              </TableCell>
              <TableCell className={number}>{row.required - row.attested}</TableCell>
              <TableCell className={row.overdue ? `${number} font-medium text-red-800` : number}>{row.overdue}</TableCell>
              <TableCell className={row.withoutOpening ? `${number} ${wide} font-medium text-amber-800` : `${number} ${wide}`}>{row.withoutOpening}</TableCell>
            </TableRow>
          )}
          entry={(row) => (
            <li key={row.sopId} className="space-y-2 px-4 py-3">
              <SopLink sopId={row.sopId} title={row.title} className="block break-words" />
              <p className="text-xs text-muted-foreground">
                <EntryFacts row={row} />
                {row.overdue > 0 && (
                  <span className="font-medium text-red-800">
                    {' '}
                    · <Overdue overdue={row.overdue} />
                  </span>
                )}
                {row.withoutOpening > 0 && (
                  <span className="text-amber-800">
                    {' '}
                    · <Unopened unopened={row.withoutOpening} />
                  </span>
                )}
              </p>
              <ShareBar label={row.title} attested={row.attested} required={row.required} />
            </li>
          )}
        />
      )}
    </QueryState>
  );
}
