import { type FormEvent, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LinkSsoIdentityInput, type AdminUser } from '@common/contracts/users';
import { CloseFooter } from '@/components/close-footer';
import { FieldError } from '@/components/field-error';
import { QueryState } from '@/components/query-state';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorText } from '@/lib/api-error';
import { formatDate } from '@/lib/labels';
import { displayNameOf } from '@/lib/names';
import { adminQueries, useLinkSso, useUnlinkSso } from './api';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * 'Single sign-on' for one account: the identity-provider account linked to it, if any, with
 * Unlink; else a field for the subject to link. Approver and admin accounts (and self-registered
 * ones whose address nobody confirmed) are never linked by e-mail: this is where they are linked.
 */
export function SsoIdentityDialog({ user, provider, onClose }: { user: AdminUser | null; provider: string; onClose: () => void }) {
  const { t } = useLingui();
  const name = displayNameOf(user);
  const username = user?.username;
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>Single sign-on</Trans>
          </DialogTitle>
          <DialogDescription>{user ? t`How ${name} (${username}) signs in through ${provider}. Each change is on the audit trail.` : ''}</DialogDescription>
        </DialogHeader>
        {/* keyed: another account starts with an empty form */}
        {user && <SsoIdentityPanel key={user.id} user={user} provider={provider} />}
        <CloseFooter onClose={onClose} />
      </DialogContent>
    </Dialog>
  );
}

export function SsoIdentityPanel({ user, provider }: { user: AdminUser; provider: string }) {
  const { t } = useLingui();
  const query = useQuery(adminQueries.ssoIdentities(user.id));
  const link = useLinkSso();
  const unlink = useUnlinkSso();
  const [subject, setSubject] = useState('');
  const [problem, setProblem] = useState<string>();
  // After a link or an unlink the other control appears: focus goes to it, not to the page behind.
  const [changing, setChanging] = useState(false);
  const identities = query.data ?? [];
  const name = displayNameOf(user);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = LinkSsoIdentityInput.safeParse({ subject });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message);
    setProblem(undefined);
    setChanging(true);
    link.mutate(
      { id: user.id, subject: parsed.data.subject },
      { onSuccess: () => setSubject(''), onError: (error) => setProblem(errorText(error, t`Failed to link the account`)) },
    );
  };

  return (
    <QueryState query={query} loading={t`Loading the linked account`} failed={t`The linked account could not be loaded.`} frame="py-4">
      {identities.length > 0 ? (
        <div className="space-y-3">
          <ul className="divide-y rounded-md border text-sm" aria-label={t`Linked identity-provider accounts`}>
            {identities.map((identity) => (
              <li key={`${identity.issuer} ${identity.subject}`} className="space-y-1 p-3">
                <p>
                  <span className="text-muted-foreground">{t`Subject:`} </span>
                  <span className="font-medium break-all" data-testid="sso-subject">
                    {identity.subject}
                  </span>
                </p>
                <p className="text-xs text-muted-foreground">
                  <IdentityLine issuer={identity.issuer} linkedAt={identity.linkedAt} />
                </p>
              </li>
            ))}
          </ul>
          <FieldError message={unlink.error ? errorText(unlink.error, t`Failed to unlink the account`) : undefined} />
          <Button
            type="button"
            variant="outline"
            autoFocus={changing}
            disabled={unlink.isPending}
            onClick={() => {
              setChanging(true);
              unlink.mutate(user.id);
            }}
          >
            {unlink.isPending ? t`Unlinking...` : t`Unlink`}
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-2">
          <p className="text-sm text-muted-foreground">
            <Trans>Not linked: {name} signs in with the password.</Trans>
          </p>
          <Label htmlFor="sso-subject">
            <Trans>Subject at {provider}</Trans>
          </Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id="sso-subject"
              className="min-w-48 flex-1"
              value={subject}
              maxLength={255}
              autoComplete="off"
              autoFocus={changing}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'sso-subject-error' : 'sso-subject-hint'}
              onChange={(e) => setSubject(e.target.value)}
            />
            <SubmitButton pending={link.isPending} submitting={t`Linking...`}>
              <Trans>Link</Trans>
            </SubmitButton>
          </div>
          <p id="sso-subject-hint" className="text-xs text-muted-foreground">
            <Trans>The provider's unique id of the person (the `sub` claim), as its administrator sees it.</Trans>
          </p>
          <FieldError id="sso-subject-error" message={problem} />
        </form>
      )}
    </QueryState>
  );
}

/** 'Issuer … · linked …' under a linked account's subject. */
function IdentityLine({ issuer, linkedAt }: { issuer: string; linkedAt: string }) {
  const linked = formatDate(linkedAt);
  return (
    <>
      <span className="break-all">
        <Trans>Issuer {issuer}</Trans>
      </span>{' '}
      ·{' '}
      <span className="whitespace-nowrap">
        <Trans>linked {linked}</Trans>
      </span>
    </>
  );
}
