import { type FormEvent, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { type AbsenceInput, type AbsenceState, AbsenceInput as AbsenceSchema } from '@common/contracts/absences';
import { can } from '@common/permissions';
import { ApproverSelect } from '@/components/approver-select';
import { FormField } from '@/components/form-field';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/submit-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { apiRequest } from '@/lib/api';
import { formatDate } from '@/lib/labels';
import { queryKeys } from '@/lib/query-keys';
import { useCurrentUser } from '@/lib/session';
import { useApiMutation } from '@/lib/use-api-mutation';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { i18n } from '@/lib/i18n';

/** '2026-03-12' -> '12 Mar 2026' (the day itself, whatever the browser's time zone). */
const dayText = (day: string) => formatDate(`${day}T12:00:00`);
const periodText = (a: { from: string; to: string }) => (a.from === a.to ? dayText(a.from) : `${dayText(a.from)} – ${dayText(a.to)}`);

type Errors = Partial<Record<'from' | 'to' | 'delegateId', string>>;

const useAbsenceWrite = (method: 'PUT' | 'DELETE', success: string) =>
  useApiMutation({
    mutationFn: async (body?: AbsenceInput) => (await apiRequest(method, '/api/account/absence', body)).json() as Promise<AbsenceState>,
    // What the delegate may decide changes with it.
    invalidates: [queryKeys.absence(), queryKeys.approvals.pending()],
    success,
    failure: { fallback: i18n._(msg`The absence could not be saved`) },
  });

/**
 * 'Absence' on My Account (approvers and admins): from, to and a delegate, who meanwhile may
 * decide the approval tasks this person could; and whose tasks this person decides as delegate.
 */
export function AbsenceSection() {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  const allowed = can(user, 'account.absence');
  const query = useQuery<AbsenceState>({ queryKey: queryKeys.absence(), enabled: allowed });
  if (!allowed) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Absence</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>While you are away, the delegate you name may decide the approval tasks you could, in your name.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <QueryState query={query} loading={t`Loading your absence`} failed={t`Your absence could not be loaded.`} frame="py-4">
          {query.data && <AbsenceBody state={query.data} selfId={user!.id} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function AbsenceBody({ state, selfId }: { state: AbsenceState; selfId: number }) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const clear = useAbsenceWrite('DELETE', t`Absence removed`);
  const { absence } = state;
  const period = absence ? periodText(absence) : '';
  const delegate = absence?.delegate.name;
  return (
    <>
      {absence && !editing ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border bg-slate-50 px-3 py-2" data-testid="my-absence">
          <p className="text-sm">
            {absence.active ? (
              <Trans>
                <span className="font-medium">Away now</span> {period} · Delegate: <span className="font-medium">{delegate}</span>
              </Trans>
            ) : (
              <Trans>
                <span className="font-medium">Away</span> {period} · Delegate: <span className="font-medium">{delegate}</span>
              </Trans>
            )}
          </p>
          <div className="flex gap-2">
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              <Trans>Change</Trans>
            </Button>
            <Button size="sm" variant="outline" disabled={clear.isPending} onClick={() => clear.mutate(undefined)}>
              {absence.active ? t`End Absence` : t`Remove Absence`}
            </Button>
          </div>
        </div>
      ) : (
        <AbsenceForm state={state} selfId={selfId} onDone={() => setEditing(false)} onCancel={absence ? () => setEditing(false) : undefined} />
      )}
      {state.delegatedToMe.length > 0 && (
        <div className="space-y-1">
          <h3 className="text-sm font-semibold text-navy">
            <Trans>You are delegate for</Trans>
          </h3>
          <ul className="space-y-1 text-sm">
            {state.delegatedToMe.map((d) => (
              <li key={d.absent.userId}>
                {d.absent.name} · {periodText(d)}
                {d.active && <span className="text-muted-foreground"> {t`(now)`}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

function AbsenceForm({ state, selfId, onDone, onCancel }: { state: AbsenceState; selfId: number; onDone: () => void; onCancel?: () => void }) {
  const { t } = useLingui();
  const [from, setFrom] = useState(state.absence?.from ?? '');
  const [to, setTo] = useState(state.absence?.to ?? '');
  const [delegateId, setDelegateId] = useState(state.absence ? String(state.absence.delegate.userId) : '');
  const [errors, setErrors] = useState<Errors>({});
  const save = useAbsenceWrite('PUT', t`Absence saved`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AbsenceSchema.safeParse({ from, to, delegateId });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      return;
    }
    setErrors({});
    save.mutate({ from, to, delegateId: Number(delegateId) }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t`Absence`}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="absence-from" label={t`First day away`} error={errors.from}>
          <Input id="absence-from" type="date" value={from} aria-invalid={!!errors.from} onChange={(e) => setFrom(e.target.value)} />
        </FormField>
        <FormField id="absence-to" label={t`Last day away`} error={errors.to}>
          <Input id="absence-to" type="date" value={to} min={from || undefined} aria-invalid={!!errors.to} onChange={(e) => setTo(e.target.value)} />
        </FormField>
      </div>
      <FormField id="absence-delegate" label={t`Delegate`} error={errors.delegateId}>
        <ApproverSelect
          id="absence-delegate"
          value={delegateId}
          onChange={setDelegateId}
          exclude={new Set([selfId])}
          invalid={!!errors.delegateId}
          placeholder={t`Choose an approver or administrator`}
        />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel} disabled={save.isPending}>
            <Trans>Cancel</Trans>
          </Button>
        )}
        <SubmitButton pending={save.isPending} submitting={t`Saving...`}>
          <Trans>Save Absence</Trans>
        </SubmitButton>
      </div>
    </form>
  );
}
