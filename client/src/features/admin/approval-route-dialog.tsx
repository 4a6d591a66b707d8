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
import { Trans, useLingui } from '@lingui/react/macro';

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
  const { t } = useLingui();
  const id = department?.id ?? 0;
  const departmentName = department?.name;
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
    success: t`Review route saved`,
    failure: { fallback: t`The review route could not be saved` },
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
    save.mutate(input, { onError: (error) => setServerError(errorText(error, t`The review route could not be saved`)) });
  };

  const nameOf = (userId: number) => displayNameOf(approvers.data?.find((a) => a.id === userId)) || t`User ${userId}`;
  const inheritedFrom = route.data?.effective.inheritedFrom;
  const parentName = departments.find((d) => d.id === inheritedFrom)?.name ?? t`its division`;
  const inherited = route.data && route.data.steps.length === 0 && inheritedFrom !== null && inheritedFrom !== id;

  return (
    <Dialog open={department !== null} onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            <Trans>Review Route: {departmentName}</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>A submitted version passes these steps in order; each needs its approvals from different people.</Trans>
          </DialogDescription>
        </DialogHeader>
        <QueryState query={route} loading={t`Loading the review route`} failed={t`Could not load the review route.`} frame="py-6">
          <form onSubmit={submit} noValidate className="space-y-4" aria-label={t`Review route`}>
            {steps.length === 0 &&
              (inherited ? (
                <section className="space-y-1 rounded-md border bg-slate-50 p-3 text-sm" data-testid="inherited-route">
                  <h3 className="font-semibold text-navy">
                    <Trans>Inherited from {parentName}</Trans>
                  </h3>
                  <ol className="list-decimal space-y-0.5 pl-5">
                    {route.data?.effective.steps.map((s, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in route order
                      <li key={i}>
                        <InheritedStep name={s.name} who={s.approverIds ? s.approverIds.map(nameOf).join(', ') : t`Any approver`} required={s.required} />
                      </li>
                    ))}
                  </ol>
                  <p className="text-muted-foreground">
                    <Trans>Add a step to give {departmentName} a route of its own.</Trans>
                  </p>
                </section>
              ) : (
                <p className="rounded-md border bg-slate-50 p-3 text-sm text-muted-foreground">
                  <Trans>No route: one approval by any approver.</Trans>
                </p>
              ))}
            <ol className="space-y-3" aria-label={t`Steps`}>
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
              <Plus aria-hidden="true" /> <Trans>Add Step</Trans>
            </Button>
            <FormDialogFooter submit={t`Save Route`} submitting={t`Saving...`} pending={save.isPending} onCancel={onClose} />
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
  const { t } = useLingui();
  const n = index + 1;
  const field = (name: string) => `step-${step.key}-${name}`;
  const error = (name: string) => errors[`${index}.${name}`];
  const toggle = (userId: number, on: boolean) => onChange({ approverIds: on ? [...step.approverIds, userId] : step.approverIds.filter((x) => x !== userId) });
  return (
    <li className="space-y-3 rounded-lg border bg-card p-3" aria-label={t`Step ${n}`}>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1 space-y-1.5">
          <Label htmlFor={field('name')}>
            <Trans>Step {n} name</Trans>
          </Label>
          <Input id={field('name')} value={step.name} aria-invalid={!!error('name')} autoComplete="off" onChange={(e) => onChange({ name: e.target.value })} />
        </div>
        <div className="w-28 space-y-1.5">
          <Label htmlFor={field('required')}>
            <Trans>Required</Trans>
          </Label>
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
          <Button type="button" variant="ghost" size="icon" aria-label={t`Move step ${n} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
            <ArrowUp />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t`Move step ${n} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDown />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="text-destructive hover:text-destructive"
            aria-label={t`Remove step ${n}`}
            onClick={onRemove}
          >
            <Trash2 />
          </Button>
        </div>
      </div>
      <FieldError message={error('name')} />
      <FieldError message={error('required')} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">
          <Trans>Who decides step {n}</Trans>
        </legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name={field('who')} checked={step.any} onChange={() => onChange({ any: true })} /> <Trans>Any approver</Trans>
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={field('who')} checked={!step.any} onChange={() => onChange({ any: false })} /> <Trans>Chosen approvers</Trans>
          </label>
        </div>
        {!step.any && (
          <ul className="grid gap-1.5 sm:grid-cols-2" aria-label={t`Approvers of step ${n}`}>
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

/** One step of an inherited route: its name, who decides and how many approvals it needs. */
function InheritedStep({ name, who, required }: { name: string; who: string; required: number }) {
  return (
    <Trans>
      {name} · {who} · {required} required
    </Trans>
  );
}
