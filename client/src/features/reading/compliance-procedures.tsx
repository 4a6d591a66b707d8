import { useQuery } from '@tanstack/react-query';
import type { ComplianceRow } from '@common/contracts/reading';
import { QueryState } from '@/components/query-state';
import { SopLink } from '@/components/sop-link';
import { TableOrList } from '@/components/table-or-list';
import { TableCell, TableRow } from '@/components/ui/table';
import { formatCalendarDay } from '@/lib/labels';
import { readingQueries } from './api';
import { ShareBar, WHOLE_WORDS } from './compliance-bars';

const number = 'text-right tabular-nums';
/** Columns a tablet leaves out to fit (its rows say the version beneath the title instead). */
const wide = 'hidden lg:table-cell';

/** The day it must be read by; red once readers are past it. */
function DueDate({ row }: { row: ComplianceRow }) {
  return <span className={row.overdue > 0 ? 'font-medium whitespace-nowrap text-red-800' : 'whitespace-nowrap'}>{formatCalendarDay(row.dueDate)}</span>;
}

/** The compliance screen's Procedures view: every SOP in force the department must read, and how many have attested it. */
export function ComplianceProcedures({ departmentId }: { departmentId: number | undefined }) {
  const rows = useQuery(readingQueries.compliance(departmentId));
  const list = rows.data ?? [];
  return (
    <QueryState query={rows} loading="Loading compliance..." failed="Compliance could not be loaded." frame="py-12">
      {list.length === 0 ? (
        <p className="px-6 py-12 text-center text-sm text-muted-foreground">No procedure in force here yet.</p>
      ) : (
        <TableOrList
          label="Compliance"
          tableClassName={WHOLE_WORDS}
          columns={[
            'Procedure',
            'Department',
            { label: 'Version', className: wide },
            'Read',
            'Read by',
            { label: 'Outstanding', className: 'text-right' },
            { label: 'Overdue', className: 'text-right' },
            { label: 'Without opening', className: `text-right ${wide}` },
          ]}
          items={list}
          row={(row) => (
            <TableRow key={row.sopId}>
              <TableCell>
                <SopLink sopId={row.sopId} title={row.title} />
                <span className="block text-xs text-muted-foreground lg:hidden">
                  v{row.versionNumber}
                  {row.withoutOpening > 0 && <span className="text-amber-800"> · {row.withoutOpening} without opening</span>}
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
                {row.department.name} · v{row.versionNumber} · read by <DueDate row={row} /> · {row.required - row.attested} outstanding
                {row.overdue > 0 && <span className="font-medium text-red-800"> · {row.overdue} overdue</span>}
                {row.withoutOpening > 0 && <span className="text-amber-800"> · {row.withoutOpening} attested without opening the files</span>}
              </p>
              <ShareBar label={row.title} attested={row.attested} required={row.required} />
            </li>
          )}
        />
      )}
    </QueryState>
  );
}
