import type { ComponentType } from 'react';
import { Link } from 'wouter';
import { fullName } from '@common/names';
import { can } from '@common/permissions';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/session';
import { EmailAddressSection } from './email-address-section';
import { EmailNotificationsSection } from './email-notifications-section';
import { PasskeysSection } from './passkeys-section';
import { AbsenceSection } from './absence-section';
import { LanguageSection } from './language-section';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * The signed-in person's own settings. Each feature that keeps a per-person setting adds its
 * section (a card) here; the page itself knows none of them.
 */
const SECTIONS: ComponentType[] = [LanguageSection, EmailAddressSection, EmailNotificationsSection, AbsenceSection, PasskeysSection];

export default function AccountPage() {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title={t`My Account`}
        description={[fullName(user), user.username].filter(Boolean).join(' · ')}
        actions={
          can(user, 'account.password') && (
            <Button variant="outline" asChild>
              <Link href="/account/password">
                <Trans>Change password</Trans>
              </Link>
            </Button>
          )
        }
      />
      {SECTIONS.map((Section, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed at build time
        <Section key={index} />
      ))}
    </div>
  );
}
