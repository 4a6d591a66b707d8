import { Download } from 'lucide-react';
import { useState } from 'react';
import { DepartmentSelect } from '@/components/department-select';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { complianceCsvUrl, peopleCsvUrl } from './api';
import { CompliancePeople } from './compliance-people';
import { ComplianceProcedures } from './compliance-procedures';

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

type View = 'procedures' | 'people';
const VIEWS: { value: View; label: string }[] = [
  { value: 'procedures', label: 'Procedures' },
  { value: 'people', label: 'People' },
];

/**
 * /compliance: every SOP in force and how many of its readers have attested it, or, in the
 * People view, each member of a department and what they still have to read. Approvers and admins.
 */
export default function CompliancePage() {
  const [department, setDepartment] = useState(ALL);
  const [view, setView] = useState<View>('procedures');
  const departmentId = department === ALL ? undefined : Number(department);

  const csv = view === 'procedures' ? complianceCsvUrl(departmentId) : departmentId === undefined ? null : peopleCsvUrl(departmentId);
  return (
    <>
      <PageHeader
        title="Reading compliance"
        description="Who has read the version in force of each procedure their department must read, and who is behind"
        actions={
          csv ? (
            <Button asChild variant="outline" size="sm">
              <a href={csv} download>
                <Download /> Export CSV
              </a>
            </Button>
          ) : (
            <Button variant="outline" size="sm" disabled title="Choose a department first">
              <Download /> Export CSV
            </Button>
          )
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <DepartmentFilter value={department} onChange={setDepartment} />
        <fieldset className="flex gap-1 rounded-md border bg-white p-1" aria-label="View">
          {VIEWS.map((choice) => (
            <Button
              key={choice.value}
              size="sm"
              variant={view === choice.value ? 'default' : 'ghost'}
              aria-pressed={view === choice.value}
              onClick={() => setView(choice.value)}
            >
              {choice.label}
            </Button>
          ))}
        </fieldset>
      </div>
      <Card className="py-0">
        <CardContent className="p-0">
          {view === 'procedures' ? <ComplianceProcedures departmentId={departmentId} /> : <CompliancePeople departmentId={departmentId} />}
        </CardContent>
      </Card>
    </>
  );
}
