import { type FormEvent, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Passkey, RegisterPasskeyInput } from '@common/contracts/signatures';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/field-error';
import { SubmitButton } from '@/components/submit-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiRequest } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';

/**
 * 'Passkeys' on My Account: the passkeys this person signs approvals and attestations with,
 * instead of typing the password, when an administrator requires signatures.
 */
export function PasskeysSection() {
  const query = useQuery<Passkey[]>({ queryKey: queryKeys.passkeys() });
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const add = useApiMutation({
    mutationFn: async (passkeyName: string) => {
      const [{ startRegistration }, optionsJSON] = await Promise.all([
        import('@simplewebauthn/browser'),
        apiRequest('POST', '/api/account/passkeys/options').then((answer) => answer.json()),
      ]);
      const response = (await startRegistration({ optionsJSON })) as RegisterPasskeyInput['response'];
      return apiRequest('POST', '/api/account/passkeys', { name: passkeyName, response });
    },
    invalidates: [queryKeys.passkeys()],
    success: 'Passkey added',
    failure: { fallback: 'The passkey could not be added' },
  });
  const remove = useApiMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/account/passkeys/${id}`),
    invalidates: [queryKeys.passkeys()],
    success: 'Passkey removed',
    failure: { fallback: 'The passkey could not be removed' },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem('Name the passkey');
    setProblem(undefined);
    add.mutate(name.trim(), { onSuccess: () => setName('') });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Passkeys</CardTitle>
        <CardDescription>Sign approvals and attestations with this device's passkey instead of your password.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <QueryState query={query} loading="Loading your passkeys" failed="Your passkeys could not be loaded." frame="py-4">
          {query.data?.length ? (
            <ul className="divide-y rounded-md border" data-testid="passkeys">
              {query.data.map((key) => (
                <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                  <span className="min-w-0 break-words">
                    <span className="font-medium">{key.name}</span>
                    <span className="block text-xs text-muted-foreground">
                      Added {formatDate(key.createdAt)} · {key.lastUsedAt ? `last used ${formatDate(key.lastUsedAt)}` : 'never used'}
                    </span>
                  </span>
                  <Button type="button" variant="outline" size="sm" disabled={remove.isPending} onClick={() => remove.mutate(key.id)}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No passkey yet.</p>
          )}
        </QueryState>
        <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
          <div className="min-w-48 flex-1 space-y-1">
            <Label htmlFor="passkey-name">Name of the new passkey</Label>
            <Input
              id="passkey-name"
              value={name}
              maxLength={100}
              placeholder="Bridge tablet"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'passkey-name-error' : undefined}
              onChange={(e) => setName(e.target.value)}
            />
            <FieldError id="passkey-name-error" message={problem} />
          </div>
          <SubmitButton pending={add.isPending} submitting="Waiting for the passkey...">
            Add a passkey
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
