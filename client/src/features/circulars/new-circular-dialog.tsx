import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { type Circular, CircularDetailsInput, CreateCircularInput } from '@common/contracts/circulars';
import { FormDialog } from '@/components/form-dialog';
import { PositionChoice } from '@/components/position-choice';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { VesselChoice } from '@/components/vessel-choice';
import { departmentsQuery } from '@/lib/shared-queries';
import { useChangeCircularDetails, useIssueCircular } from './api';
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

/** Who must read a circular, by when, and until when it stands. */
interface Details {
  dueDate: string;
  expiresAt: string;
  vesselCodes: string[];
  departmentIds: number[];
  positionIds: number[];
}

/** The circular's days and audience, as drafted and as changed while it is a draft or sent back. */
function CircularDetailsFields({ details, onChange }: { details: Details; onChange: (details: Details) => void }) {
  const set = (change: Partial<Details>) => onChange({ ...details, ...change });
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="circular-due">
            <Trans>Read by</Trans>
          </Label>
          <Input id="circular-due" type="date" value={details.dueDate} onChange={(e) => set({ dueDate: e.target.value })} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="circular-expires">
            <Trans>Expires on</Trans>
          </Label>
          <Input id="circular-expires" type="date" value={details.expiresAt} onChange={(e) => set({ expiresAt: e.target.value })} />
        </div>
      </div>
      <VesselChoice value={details.vesselCodes} onChange={(vesselCodes) => set({ vesselCodes })} texts={CIRCULAR_VESSEL_TEXTS} />
      <DepartmentChoice value={details.departmentIds} onChange={(departmentIds) => set({ departmentIds })} />
      <PositionChoice value={details.positionIds} onChange={(positionIds) => set({ positionIds })} explained={false} />
      <p className="text-xs text-muted-foreground">
        <Trans>No department and no position ticked: everyone on board the vessels must read it.</Trans>
      </p>
    </>
  );
}

/** The refusals of the shared contract, joined, or null when the details hold. */
function detailsProblem(parsed: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return parsed.success ? null : (parsed.error?.issues.map((i) => i.message).join('; ') ?? null);
}

/** A draft or sent-back circular's audience and days, changed before it is submitted (again). */
export function CircularDetailsDialog({ circular, onClose }: { circular: Circular; onClose: () => void }) {
  const { t } = useLingui();
  const first: Details = {
    dueDate: circular.dueDate,
    expiresAt: circular.expiresAt,
    vesselCodes: circular.vesselCodes,
    departmentIds: circular.departments.map((d) => d.id),
    positionIds: circular.positions.map((p) => p.id),
  };
  const [details, setDetails] = useState<Details>(first);
  const [error, setError] = useState<string | null>(null);
  const change = useChangeCircularDetails(onClose);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = detailsProblem(CircularDetailsInput.safeParse(details));
    setError(problem);
    if (!problem) change.mutate({ id: circular.id, details });
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t`Audience and days of ${circular.number}`}
      description={t`Who must read the circular, by when, and until when it stands. Fixed once it is submitted for review.`}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
      onSubmit={submit}
      submit={t`Save`}
      submitting={t`Saving...`}
      pending={change.isPending}
      changed={JSON.stringify(details) !== JSON.stringify(first)}
    >
      <CircularDetailsFields details={details} onChange={setDetails} />
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </FormDialog>
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
  const [details, setDetails] = useState<Details>({
    dueDate: dayFromToday(14),
    expiresAt: dayFromToday(90),
    vesselCodes: [],
    departmentIds: [],
    positionIds: [],
  });
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const issue = useIssueCircular((sop) => {
    onClose();
    navigate(`/sop/${sop.id}`);
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = { title, content, ...details };
    const problem = detailsProblem(CreateCircularInput.safeParse(input));
    setError(problem);
    if (!problem) issue.mutate({ input, files });
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
      <CircularDetailsFields details={details} onChange={setDetails} />
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
