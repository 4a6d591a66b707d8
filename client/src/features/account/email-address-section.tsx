import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { emailCheckMessage } from '@common/email-check';
import type { EmailVerificationState } from '@common/contracts/email-verification';
import { FieldError } from '@/components/field-error';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-error';
import { i18n } from '@/lib/i18n';
import { emailVerificationQuery, useAskForEmailLink } from './email-verification-api';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

/** What the section says about an unconfirmed address, or null when there is nothing to say. */
export function unconfirmedText(state: EmailVerificationState): string | null {
  if (state.confirmed || !state.email) return null;
  const email = state.email;
  return state.canSend
    ? i18n._(msg`Your address ${email} is not confirmed yet. Until it is, it does not link your single sign-on account by itself.`)
    : i18n._(
        msg`Your address ${email} is not confirmed, and this server sends no e-mail to confirm it. An administrator can link your single sign-on account.`,
      );
}

/**
 * My Account: a self-registered address waits to be confirmed by a mailed link. Shown only when
 * the address is unconfirmed, or when the person has just opened a link (`/account?email=`).
 */
export function EmailAddressSection() {
  const { t } = useLingui();
  const query = useQuery(emailVerificationQuery);
  const ask = useAskForEmailLink();
  const [notice] = useState(() => emailCheckMessage(new URLSearchParams(window.location.search).get('email')));
  const state = query.data;
  const text = state ? unconfirmedText(state) : null;
  if (!notice && !text) return null;
  return (
    <SectionCard icon={MailCheck} title={t`E-mail address`} testId="email-address">
      <div className="space-y-3 text-sm">
        {notice && (
          <p role="status" className="font-medium text-navy">
            {notice}
          </p>
        )}
        {text && <p className="text-muted-foreground">{text}</p>}
        {text && state?.canSend && (
          <>
            <Button type="button" variant="outline" disabled={ask.isPending} onClick={() => ask.mutate()}>
              {ask.isPending ? t`Sending...` : t`Send the confirmation link`}
            </Button>
            <FieldError message={ask.error ? errorText(ask.error, t`The link could not be sent`) : undefined} />
          </>
        )}
      </div>
    </SectionCard>
  );
}
