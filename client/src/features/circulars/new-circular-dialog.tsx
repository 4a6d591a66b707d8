import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { CreateCircularInput } from '@common/contracts/circulars';
import { FormDialog } from '@/components/form-dialog';
import { PositionChoice } from '@/components/position-choice';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { VesselChoice } from '@/components/vessel-choice';
import { departmentsQuery } from '@/lib/shared-queries';
import { useIssueCircular } from './api';
import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

// Read when drawn (getters), so the words are in the interface's language of the moment.
const CIRCULAR_VESSEL_TEXTS = {
  get every() {
    return t`None ticked: every vessel must read it.`;
  },
  get one() {
    return t`Only the vessel ticked must read it.`;
  },
  some: (count: number) => plural(count, { one: 'Only the # vessel ticked must read it.', other: 'Only the # vessels ticked must read it.' }),
};

const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The departments whose members must read it; none (and no position): everyone on its vessels. */
function DepartmentChoice({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const departments = useQuery(departmentsQuery);
  const list = departments.data ?? [];
  if (list.length === 0) return null;
  const toggle = (id: number, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <fieldset className="rounded-md border bg-muted/40 p-3 text-sm">
      <legend className="px-1 text-xs font-medium text-muted-foreground">
        <Trans>Departments</Trans>
      </legend>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {list.map((department) => (
          <li key={department.id} className="flex items-center gap-2">
            <Checkbox
              id={`circular-department-${department.id}`}
              checked={value.includes(department.id)}
              onCheckedChange={(checked) => toggle(department.id, checked === true)}
            />
            <label htmlFor={`circular-department-${department.id}`} className="min-w-0 flex-1 break-words">
              {department.name}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * New circular: the server numbers it, its files are added, and it goes for review in one step;
 * the approver's decision issues it. Then the circular's page opens.
 */
export function NewCircularDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [dueDate, setDueDate] = useState(dayFromToday(14));
  const [expiresAt, setExpiresAt] = useState(dayFromToday(90));
  const [vesselCodes, setVesselCodes] = useState<string[]>([]);
  const [departmentIds, setDepartmentIds] = useState<number[]>([]);
  const [positionIds, setPositionIds] = useState<number[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const issue = useIssueCircular((sop) => {
    onClose();
    navigate(`/sop/${sop.id}`);
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = { title, content, dueDate, expiresAt, vesselCodes, departmentIds, positionIds };
    const parsed = CreateCircularInput.safeParse(input);
    if (!parsed.success) return setError(parsed.error.issues.map((i) => i.message).join('; '));
    setError(null);
    issue.mutate({ input, files });
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t`New circular`}
      description={t`The server gives it the year's next number. It is reviewed like an SOP version, then its audience must read it by the due day.`}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
      onSubmit={submit}
      submit={t`Submit for review`}
      submitting={t`Submitting...`}
      pending={issue.isPending}
      changed={title !== '' || content !== '' || files.length > 0}
    >
      <div className="space-y-1.5">
        <Label htmlFor="circular-title">
          <Trans>Title</Trans>
        </Label>
        <Input id="circular-title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={180} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="circular-content">
          <Trans>Text</Trans>
        </Label>
        <Textarea id="circular-content" value={content} onChange={(e) => setContent(e.target.value)} rows={6} />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="circular-due">
            <Trans>Read by</Trans>
          </Label>
          <Input id="circular-due" type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="circular-expires">
            <Trans>Expires on</Trans>
          </Label>
          <Input id="circular-expires" type="date" value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} />
        </div>
      </div>
      <VesselChoice value={vesselCodes} onChange={setVesselCodes} texts={CIRCULAR_VESSEL_TEXTS} />
      <DepartmentChoice value={departmentIds} onChange={setDepartmentIds} />
      <PositionChoice value={positionIds} onChange={setPositionIds} />
      <p className="text-xs text-muted-foreground">
        <Trans>No department and no position ticked: everyone on board the vessels must read it.</Trans>
      </p>
      <div className="space-y-1.5">
        <Label htmlFor="circular-files">
          <Trans>Files (optional)</Trans>
        </Label>
        <Input id="circular-files" type="file" multiple onChange={(e) => setFiles([...(e.target.files ?? [])])} />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
