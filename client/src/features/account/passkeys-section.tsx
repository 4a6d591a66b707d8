import { type FormEvent, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Passkey, PasskeyOptionsInput, RegisterPasskeyInput } from '@common/contracts/signatures';
import { can } from '@common/permissions';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/field-error';
import { SubmitButton } from '@/components/submit-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiRequest } from '@/lib/api';
import { formatDate } from '@/lib/labels';
import { queryKeys } from '@/lib/query-keys';
import { useCurrentUser } from '@/lib/session';
import { useApiMutation } from '@/lib/use-api-mutation';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { i18n } from '@/lib/i18n';

/** How the person proves they are at the keyboard before adding a passkey: the password, or one of their passkeys. */
export type Proof = { password: string } | 'existing passkey';

/** Why adding cannot start yet (nothing is sent), or null. */
export function refusalBeforeAdding(name: string, proof: Proof): string | null {
  if (!name.trim()) return i18n._(msg`Name the passkey`);
  if (proof !== 'existing passkey' && !proof.password) return i18n._(msg`Enter your password, or use an existing passkey, to add a passkey`);
  return null;
}

/** The body of POST /api/account/passkeys/options: the password, or an existing passkey's answer to its own challenge. */
async function proofBody(proof: Proof, webauthn: typeof import('@simplewebauthn/browser')): Promise<PasskeyOptionsInput> {
  if (proof !== 'existing passkey') return proof;
  const optionsJSON = await (await apiRequest('POST', '/api/account/passkeys/proof-options')).json();
  return { passkey: (await webauthn.startAuthentication({ optionsJSON })) as Extract<PasskeyOptionsInput, { passkey: unknown }>['passkey'] };
}

/**
 * 'Passkeys' on My Account: the passkeys this person signs approvals and attestations with,
 * instead of typing the password, when an administrator requires signatures. On a ship's copy
 * they are listed only: the account is the office's, so passkeys are added and removed ashore.
 */
export function PasskeysSection() {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  const manages = can(user, 'account.passkeys');
  const query = useQuery<Passkey[]>({ queryKey: queryKeys.passkeys() });
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string>();
  const add = useApiMutation({
    // The proof first: the server hands out a registration challenge only to someone who just gave it.
    mutationFn: async ({ passkeyName, proof }: { passkeyName: string; proof: Proof }) => {
      const webauthn = await import('@simplewebauthn/browser');
      const optionsJSON = await (await apiRequest('POST', '/api/account/passkeys/options', await proofBody(proof, webauthn))).json();
      const response = (await webauthn.startRegistration({ optionsJSON })) as RegisterPasskeyInput['response'];
      return apiRequest('POST', '/api/account/passkeys', { name: passkeyName, response });
    },
    invalidates: [queryKeys.passkeys()],
    success: t`Passkey added`,
    failure: { fallback: t`The passkey could not be added` },
  });
  const remove = useApiMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/account/passkeys/${id}`),
    invalidates: [queryKeys.passkeys()],
    success: t`Passkey removed`,
    failure: { fallback: t`The passkey could not be removed` },
  });
  const hasPasskey = !!query.data?.length;
  const start = (proof: Proof) => {
    const refused = refusalBeforeAdding(name, proof);
    setProblem(refused ?? undefined);
    if (refused) return;
    add.mutate({ passkeyName: name.trim(), proof }, { onSuccess: () => setName(''), onSettled: () => setPassword('') });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start({ password });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Passkeys</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Sign approvals and attestations with this device's passkey instead of your password.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <QueryState query={query} loading={t`Loading your passkeys`} failed={t`Your passkeys could not be loaded.`} frame="py-4">
          {query.data?.length ? (
            <ul className="divide-y rounded-md border" data-testid="passkeys">
              {query.data.map((key) => (
                <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                  <span className="min-w-0 break-words">
                    <span className="font-medium">{key.name}</span>
                    <PasskeyUse createdAt={key.createdAt} lastUsedAt={key.lastUsedAt} />
                  </span>
                  {manages && (
                    <Button type="button" variant="outline" size="sm" disabled={remove.isPending} onClick={() => remove.mutate(key.id)}>
                      <Trans>Remove</Trans>
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">
              <Trans>No passkey yet.</Trans>
            </p>
          )}
        </QueryState>
        {manages && (
          <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
            <div className="min-w-48 flex-1 space-y-1">
              <Label htmlFor="passkey-name">
                <Trans>Name of the new passkey</Trans>
              </Label>
              <Input
                id="passkey-name"
                value={name}
                maxLength={100}
                placeholder={t`Bridge tablet`}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? 'passkey-name-error' : undefined}
                onChange={(e) => setName(e.target.value)}
              />
              <FieldError id="passkey-name-error" message={problem} />
            </div>
            <div className="min-w-48 flex-1 space-y-1">
              <Label htmlFor="passkey-password">
                <Trans>Your password</Trans>
              </Label>
              <Input id="passkey-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </div>
            <SubmitButton pending={add.isPending} submitting={t`Waiting for the passkey...`}>
              <Trans>Add a passkey</Trans>
            </SubmitButton>
            {hasPasskey && (
              <Button type="button" variant="outline" disabled={add.isPending} onClick={() => start('existing passkey')}>
                <Trans>Use an existing passkey</Trans>
              </Button>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/** 'Added … · last used …' (or 'never used') under a passkey's name. */
function PasskeyUse({ createdAt, lastUsedAt }: { createdAt: string; lastUsedAt: string | null }) {
  const added = formatDate(createdAt);
  const used = lastUsedAt ? formatDate(lastUsedAt) : null;
  return (
    <span className="block text-xs text-muted-foreground">
      {used ? (
        <Trans>
          Added {added} · last used {used}
        </Trans>
      ) : (
        <Trans>Added {added} · never used</Trans>
      )}
    </span>
  );
}
