import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SignatureProof, SignatureTarget } from '@common/contracts/signatures';
import { FormField, invalidWhen } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { apiRequest } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { settingsQuery } from '@/lib/shared-queries';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * The signer's proof in a decision or attestation dialog, when an administrator requires
 * signatures: the password, or 'Use a passkey'. `proof()` answers what to send as `signature`
 * (undefined when none is required); a refused proof (401 signature_failed) is shown inline by
 * passing the mutation's error, and nothing typed is lost.
 */
export function useSignature(id: string, failure: unknown, target: SignatureTarget | null, opts: { focusWhenShown?: boolean } = {}) {
  const required = useQuery(settingsQuery).data?.requireSignatures === true;
  const { t } = useLingui();
  // In a dialog whose one field is the password: when the settings arrive after the dialog
  // opened, the field appears then and takes the focus (ConfirmDialog focuses it at opening).
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (opts.focusWhenShown && required) input.current?.focus({ preventScroll: true });
  }, [opts.focusWhenShown, required]);
  const [password, setPassword] = useState('');
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const refused = failure instanceof ApiError && failure.code === 'signature_failed' ? failure.message : null;
  const error = passkeyError ?? refused;

  const proof = (): SignatureProof | undefined => (required ? { password } : undefined);
  const passkeyProof = async (): Promise<SignatureProof | null> => {
    setPasskeyError(null);
    try {
      // The passkey code comes with the challenge, not with every screen that has a dialog.
      const [{ startAuthentication }, optionsJSON] = await Promise.all([
        import('@simplewebauthn/browser'),
        // The challenge signs this one thing (the version decided or attested, or the SOP withdrawn), once.
        apiRequest('POST', '/api/signatures/challenge', target ?? undefined).then((answer) => answer.json()),
      ]);
      return { passkey: (await startAuthentication({ optionsJSON })) as never };
    } catch (err) {
      setPasskeyError(err instanceof Error ? err.message : t`The passkey did not answer`);
      return null;
    }
  };

  const field = required ? (
    <FormField id={id} label={t`Your password (signature)`} error={error ?? undefined} className="space-y-1">
      <Input
        ref={input}
        id={id}
        type="password"
        autoComplete="current-password"
        value={password}
        {...invalidWhen(id, error)}
        onChange={(e) => setPassword(e.target.value)}
      />
    </FormField>
  ) : null;
  return { required, ready: !required || password.length > 0, proof, passkeyProof, field };
}

/** 'Use a passkey': signs with a passkey instead of the password. */
export function UsePasskeyButton({
  disabled,
  onProof,
  getProof,
}: {
  disabled: boolean;
  onProof: (p: SignatureProof) => void;
  getProof: () => Promise<SignatureProof | null>;
}) {
  return (
    <Button
      type="button"
      variant="outline"
      disabled={disabled}
      onClick={async () => {
        const proof = await getProof();
        if (proof) onProof(proof);
      }}
    >
      <Trans>Use a passkey</Trans>
    </Button>
  );
}
