import { useQuery } from '@tanstack/react-query';
import { Download, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { ComplianceRow } from '@common/contracts/reading';
import { can } from '@common/permissions';
import { DepartmentSelect } from '@/components/department-select';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCurrentUser } from '@/lib/session';
import { complianceCsvUrl, readingQueries, share } from './api';

const ALL = 'all';

function DepartmentFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="w-full space-y-1.5 sm:w-72">
      <Label htmlFor="compliance-department">Department</Label>
      <DepartmentSelect
        id="compliance-department"
        value={value}
        onChange={onChange}
        anyChoice={{ value: ALL, label: 'All departments' }}
        triggerClassName="w-full bg-white"
      />
    </div>
  );
}

function Share({ row }: { row: ComplianceRow }) {
  if (row.required === 0) return <span className="text-sm text-muted-foreground">Nobody must read it</span>;
  return (
    <div className="flex min-w-36 items-center gap-2">
      <Progress value={share(row.attested, row.required)} aria-label={`${row.attested} of ${row.required} have read it`} className="w-24" />
      <span className="text-sm tabular-nums">
        {row.attested} of {row.required}
      </span>
    </div>
  );
}

/** /compliance: every SOP in force and how many of its readers have attested it. Approvers and admins. */
export default function CompliancePage() {
  const { user } = useCurrentUser();
  const [department, setDepartment] = useState(ALL);
  const departmentId = department === ALL ? undefined : Number(department);
  const rows = useQuery({ ...readingQueries.compliance(departmentId), enabled: can(user, 'compliance.read') });

  if (!can(user, 'compliance.read')) {
    return (
      <div role="alert" className="mx-auto mt-10 max-w-xl rounded-lg border border-red-200 bg-red-50 p-6 text-center text-red-800">
        <ShieldAlert className="mx-auto mb-2 size-8" aria-hidden="true" />
        <h1 className="font-semibold">Access Denied</h1>
        <p className="text-sm">Insufficient Permissions: You need approver or admin permissions to access this page.</p>
      </div>
    );
  }
  const list = rows.data ?? [];
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-muted-foreground">
        <Link href="/documents" className="hover:underline">
          Procedures
        </Link>{' '}
        / <span className="font-medium text-foreground">Compliance</span>
      </nav>
      <PageHeader
        title="Reading compliance"
        description="Who has read the version in force of each procedure, by the department that must read it"
        actions={
          <Button asChild variant="outline" size="sm">
            <a href={complianceCsvUrl(departmentId)} download>
              <Download /> Export CSV
            </a>
          </Button>
        }
      />
      <div className="mb-4">
        <DepartmentFilter value={department} onChange={setDepartment} />
      </div>
      <Card className="py-0">
        <CardContent className="p-0">
          <QueryState query={rows} loading="Loading compliance..." failed="Compliance could not be loaded." frame="py-12">
            {list.length === 0 ? (
              <p className="px-6 py-12 text-center text-sm text-muted-foreground">No procedure in force here yet.</p>
            ) : (
              <>
                <Table aria-label="Compliance" wrapperClassName="hidden md:block">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Procedure</TableHead>
                      <TableHead>Department</TableHead>
                      <TableHead>Version</TableHead>
                      <TableHead>Read</TableHead>
                      <TableHead className="text-right">Outstanding</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {list.map((row) => (
                      <TableRow key={row.sopId}>
                        <TableCell>
                          <Link href={`/sop/${row.sopId}`} className="font-medium text-ocean hover:underline">
                            {row.title}
                          </Link>
                        </TableCell>
                        <TableCell>{row.department.name}</TableCell>
                        <TableCell>{row.versionNumber}</TableCell>
                        <TableCell>
                          <Share row={row} />
                        </TableCell>
                        <TableCell className="text-right tabular-nums">{row.required - row.attested}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                <ul className="divide-y md:hidden" aria-label="Compliance">
                  {list.map((row) => (
                    <li key={row.sopId} className="space-y-2 px-4 py-3">
                      <Link href={`/sop/${row.sopId}`} className="block font-medium text-ocean hover:underline">
                        {row.title}
                      </Link>
                      <p className="text-xs text-muted-foreground">
                        {row.department.name} · v{row.versionNumber} · {row.required - row.attested} outstanding
                      </p>
                      <Share row={row} />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </QueryState>
        </CardContent>
      </Card>
    </>
  );
}
