import { useQuery } from '@tanstack/react-query';
import { QueryState } from '@/components/query-state';
import { SopLink } from '@/components/sop-link';
import { TableOrList } from '@/components/table-or-list';
import { TableCell, TableRow } from '@/components/ui/table';
import { readingQueries } from './api';
import { ShareBar } from './compliance-bars';

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
          columns={[
            'Procedure',
            'Department',
            'Version',
            'Read',
            { label: 'Outstanding', className: 'text-right' },
            { label: 'Without opening', className: 'text-right' },
          ]}
          items={list}
          row={(row) => (
            <TableRow key={row.sopId}>
              <TableCell className="whitespace-normal">
                <SopLink sopId={row.sopId} title={row.title} />
              </TableCell>
              <TableCell>{row.department.name}</TableCell>
              <TableCell>{row.versionNumber}</TableCell>
              <TableCell>
                <ShareBar label={row.title} attested={row.attested} required={row.required} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{row.required - row.attested}</TableCell>
              <TableCell className={row.withoutOpening ? 'text-right font-medium text-amber-800 tabular-nums' : 'text-right tabular-nums'}>
                {row.withoutOpening}
              </TableCell>
            </TableRow>
          )}
          entry={(row) => (
            <li key={row.sopId} className="space-y-2 px-4 py-3">
              <SopLink sopId={row.sopId} title={row.title} className="block break-words" />
              <p className="text-xs text-muted-foreground">
                {row.department.name} · v{row.versionNumber} · {row.required - row.attested} outstanding
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
