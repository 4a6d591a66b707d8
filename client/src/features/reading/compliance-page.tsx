import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import type { VesselCompliance } from '@common/contracts/reading';
import { OptionsSelect } from '@/components/options-select';
import { DepartmentSelect } from '@/components/department-select';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { behindCsvUrl, complianceCsvUrl, peopleCsvUrl, readingQueries } from './api';
import { ComplianceBehind } from './compliance-behind';
import { CompliancePeople } from './compliance-people';
import { ComplianceProcedures } from './compliance-procedures';
import { RemindDepartmentButton } from './remind-buttons';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { i18n } from '@/lib/i18n';

const ALL = 'all';

function DepartmentFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="w-full space-y-1.5 sm:w-72">
      <Label htmlFor="compliance-department">
        <Trans>Department</Trans>
      </Label>
      <DepartmentSelect
        id="compliance-department"
        value={value}
        onChange={onChange}
        anyChoice={{ value: ALL, label: t`All departments` }}
        triggerClassName="w-full bg-white"
      />
    </div>
  );
}

function VesselFilter({ vessels, value, onChange }: { vessels: VesselCompliance; value: string; onChange: (value: string) => void }) {
  const options = [{ value: ALL, label: t`Every vessel` }, ...vessels.map(({ code, name, behind }) => ({ value: code, label: t`${name} (${behind} behind)` }))];
  return (
    <div className="w-full space-y-1.5 sm:w-72">
      <Label htmlFor="compliance-vessel">
        <Trans>Vessel</Trans>
      </Label>
      <OptionsSelect id="compliance-vessel" value={value} options={options} onValueChange={onChange} triggerClassName="w-full bg-white" />
    </div>
  );
}

type View = 'procedures' | 'people' | 'behind';
const VIEWS: { value: View; label: MessageDescriptor }[] = [
  { value: 'procedures', label: msg`Procedures` },
  { value: 'people', label: msg`People` },
  { value: 'behind', label: msg`Behind` },
];

function csvOf(view: View, departmentId: number | undefined, vesselCode: string | undefined): string | null {
  if (view === 'procedures') return complianceCsvUrl(departmentId);
  if (view === 'behind') return behindCsvUrl(vesselCode);
  return departmentId === undefined ? null : peopleCsvUrl(departmentId);
}

/**
 * /compliance: every SOP in force and how many of its readers have attested it; in the People
 * view, each member of a department and what they still have to read; in the Behind view,
 * everyone in the fleet (or on one vessel, where vessels exist) past a read-by date. Approvers and admins.
 */
export default function CompliancePage() {
  const [department, setDepartment] = useState(ALL);
  const [vessel, setVessel] = useState(ALL);
  const [view, setView] = useState<View>('procedures');
  const vessels = useQuery(readingQueries.vessels());
  const departmentId = department === ALL ? undefined : Number(department);
  const vesselCode = vessel === ALL ? undefined : vessel;
  const hasVessels = (vessels.data ?? []).length > 0;

  const csv = csvOf(view, departmentId, vesselCode);
  return (
    <>
      <PageHeader
        title={t`Reading compliance`}
        description={t`Who has read the version in force of each procedure their department must read, and who is behind`}
        actions={
          csv ? (
            <Button asChild variant="outline" size="sm">
              <a href={csv} download>
                <Download /> <Trans>Export CSV</Trans>
              </a>
            </Button>
          ) : (
            <Button variant="outline" size="sm" disabled title={t`Choose a department first`}>
              <Download /> <Trans>Export CSV</Trans>
            </Button>
          )
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        {view === 'behind' ? (
          hasVessels && <VesselFilter vessels={vessels.data ?? []} value={vessel} onChange={setVessel} />
        ) : (
          <DepartmentFilter value={department} onChange={setDepartment} />
        )}
        <fieldset className="flex gap-1 rounded-md border bg-white p-1" aria-label={t`View`}>
          {VIEWS.map((choice) => (
            <Button
              key={choice.value}
              size="sm"
              variant={view === choice.value ? 'default' : 'ghost'}
              aria-pressed={view === choice.value}
              onClick={() => setView(choice.value)}
            >
              {i18n._(choice.label)}
            </Button>
          ))}
        </fieldset>
        {view === 'people' && departmentId !== undefined && <RemindDepartmentButton departmentId={departmentId} />}
      </div>
      <Card className="py-0">
        <CardContent className="p-0">
          {view === 'procedures' && <ComplianceProcedures departmentId={departmentId} />}
          {view === 'people' && <CompliancePeople departmentId={departmentId} />}
          {view === 'behind' && <ComplianceBehind vesselCode={vesselCode} showVessels={hasVessels} />}
        </CardContent>
      </Card>
    </>
  );
}
