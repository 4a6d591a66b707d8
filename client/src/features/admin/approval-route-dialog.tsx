import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { type ApprovalRoute, ApprovalRouteInput, type Approvers, ROUTE_STEPS_MAX } from '@common/contracts/approval-routes';
import type { Department } from '@common/contracts/departments';
import { FieldError } from '@/components/field-error';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiRequest } from '@/lib/api';
import { errorText } from '@/lib/api-error';
import { displayNameOf } from '@/lib/names';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';

/** A step as the form holds it: `approverIds` kept while 'Any approver' is on, so switching back loses nothing. */
interface DraftStep {
  key: number;
  name: string;
  any: boolean;
  approverIds: number[];
  required: string;
}
type StepAnswer = ApprovalRoute['steps'][number];

let nextKey = 1;
const draftOf = (step?: StepAnswer): DraftStep => ({
  key: nextKey++,
  name: step?.name ?? '',
  any: step ? step.approverIds === null : true,
  approverIds: step?.approverIds ?? [],
  required: String(step?.required ?? 1),
});
const inputOf = (steps: DraftStep[]) => ({
  steps: steps.map((s) => ({ name: s.name, approverIds: s.any ? null : s.approverIds, required: Number(s.required) })),
});
const move = <T,>(list: T[], from: number, to: number) => {
  const next = [...list];
  next.splice(to, 0, next.splice(from, 1)[0]);
  return next;
};

interface Props {
  department: Department | null;
  departments: Department[];
  onClose: () => void;
}

/**
 * 'Review Route' of a department or division: ordered steps, each a name, who may decide ('Any
 * approver' or chosen approvers) and how many approvals it needs. With no steps, the
 * department follows its division's route, else the single default step.
 */
export function ApprovalRouteDialog({ department, departments, onClose }: Props) {
  const id = department?.id ?? 0;
  const route = useQuery<ApprovalRoute>({ queryKey: queryKeys.approvals.route(id), enabled: department !== null });
  const approvers = useQuery<Approvers>({ queryKey: queryKeys.approvals.approvers(), enabled: department !== null });
  const [steps, setSteps] = useState<DraftStep[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    if (route.data) setSteps(route.data.steps.map(draftOf));
    setErrors({});
    setServerError(null);
  }, [route.data]);

  const save = useApiMutation({
    mutationFn: async (input: ApprovalRouteInput) => (await apiRequest('PUT', `/api/departments/${id}/approval-route`, input)).json() as Promise<ApprovalRoute>,
    invalidates: [queryKeys.approvals.route(id)],
    onSuccess: onClose,
    success: 'Review route saved',
    failure: { fallback: 'The review route could not be saved' },
  });

  const update = (index: number, change: Partial<DraftStep>) => setSteps((all) => all.map((s, i) => (i === index ? { ...s, ...change } : s)));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = inputOf(steps);
    const parsed = ApprovalRouteInput.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.slice(1).join('.') || 'route', issue.message])));
      return;
    }
    setErrors({});
    setServerError(null);
    save.mutate(input, { onError: (error) => setServerError(errorText(error, 'The review route could not be saved')) });
  };

  const nameOf = (userId: number) => displayNameOf(approvers.data?.find((a) => a.id === userId)) || `User ${userId}`;
  const inheritedFrom = route.data?.effective.inheritedFrom;
  const inherited = route.data && route.data.steps.length === 0 && inheritedFrom !== null && inheritedFrom !== id;

  return (
    <Dialog open={department !== null} onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Review Route: {department?.name}</DialogTitle>
          <DialogDescription>A submitted version passes these steps in order; each needs its approvals from different people.</DialogDescription>
        </DialogHeader>
        <QueryState query={route} loading="Loading the review route" failed="Could not load the review route." frame="py-6">
          <form onSubmit={submit} noValidate className="space-y-4" aria-label="Review route">
            {steps.length === 0 &&
              (inherited ? (
                <section className="space-y-1 rounded-md border bg-slate-50 p-3 text-sm" data-testid="inherited-route">
                  <h3 className="font-semibold text-navy">Inherited from {departments.find((d) => d.id === inheritedFrom)?.name ?? 'its division'}</h3>
                  <ol className="list-decimal space-y-0.5 pl-5">
                    {route.data?.effective.steps.map((s, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in route order
                      <li key={i}>
                        {s.name} · {s.approverIds ? s.approverIds.map(nameOf).join(', ') : 'Any approver'} · {s.required} required
                      </li>
                    ))}
                  </ol>
                  <p className="text-muted-foreground">Add a step to give {department?.name} a route of its own.</p>
                </section>
              ) : (
                <p className="rounded-md border bg-slate-50 p-3 text-sm text-muted-foreground">No route: one approval by any approver.</p>
              ))}
            <ol className="space-y-3" aria-label="Steps">
              {steps.map((step, index) => (
                <StepEditor
                  key={step.key}
                  step={step}
                  index={index}
                  count={steps.length}
                  approvers={approvers.data ?? []}
                  errors={errors}
                  onChange={(change) => update(index, change)}
                  onMove={(to) => setSteps((all) => move(all, index, to))}
                  onRemove={() => setSteps((all) => all.filter((_, i) => i !== index))}
                />
              ))}
            </ol>
            <FieldError message={errors.route} />
            {serverError && (
              <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive">
                {serverError}
              </p>
            )}
            <Button type="button" variant="outline" size="sm" disabled={steps.length >= ROUTE_STEPS_MAX} onClick={() => setSteps((all) => [...all, draftOf()])}>
              <Plus aria-hidden="true" /> Add Step
            </Button>
            <FormDialogFooter submit="Save Route" submitting="Saving..." pending={save.isPending} onCancel={onClose} />
          </form>
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}

interface StepProps {
  step: DraftStep;
  index: number;
  count: number;
  approvers: Approvers;
  errors: Record<string, string>;
  onChange: (change: Partial<DraftStep>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function StepEditor({ step, index, count, approvers, errors, onChange, onMove, onRemove }: StepProps) {
  const n = index + 1;
  const field = (name: string) => `step-${step.key}-${name}`;
  const error = (name: string) => errors[`${index}.${name}`];
  const toggle = (userId: number, on: boolean) => onChange({ approverIds: on ? [...step.approverIds, userId] : step.approverIds.filter((x) => x !== userId) });
  return (
    <li className="space-y-3 rounded-lg border bg-card p-3" aria-label={`Step ${n}`}>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1 space-y-1.5">
          <Label htmlFor={field('name')}>Step {n} name</Label>
          <Input id={field('name')} value={step.name} aria-invalid={!!error('name')} autoComplete="off" onChange={(e) => onChange({ name: e.target.value })} />
        </div>
        <div className="w-28 space-y-1.5">
          <Label htmlFor={field('required')}>Required</Label>
          <Input
            id={field('required')}
            type="number"
            min={1}
            inputMode="numeric"
            value={step.required}
            aria-invalid={!!error('required')}
            onChange={(e) => onChange({ required: e.target.value })}
          />
        </div>
        <div className="flex gap-1">
          <Button type="button" variant="ghost" size="icon" aria-label={`Move step ${n} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
            <ArrowUp />
          </Button>
          <Button type="button" variant="ghost" size="icon" aria-label={`Move step ${n} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
            <ArrowDown />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="text-destructive hover:text-destructive"
            aria-label={`Remove step ${n}`}
            onClick={onRemove}
          >
            <Trash2 />
          </Button>
        </div>
      </div>
      <FieldError message={error('name')} />
      <FieldError message={error('required')} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Who decides step {n}</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name={field('who')} checked={step.any} onChange={() => onChange({ any: true })} /> Any approver
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={field('who')} checked={!step.any} onChange={() => onChange({ any: false })} /> Chosen approvers
          </label>
        </div>
        {!step.any && (
          <ul className="grid gap-1.5 sm:grid-cols-2" aria-label={`Approvers of step ${n}`}>
            {approvers.map((a) => (
              <li key={a.id} className="flex items-center gap-2">
                <Checkbox id={field(`approver-${a.id}`)} checked={step.approverIds.includes(a.id)} onCheckedChange={(on) => toggle(a.id, on === true)} />
                <Label htmlFor={field(`approver-${a.id}`)} className="font-normal">
                  {displayNameOf(a)}
                </Label>
              </li>
            ))}
          </ul>
        )}
        <FieldError message={error('approverIds')} />
      </fieldset>
    </li>
  );
}
