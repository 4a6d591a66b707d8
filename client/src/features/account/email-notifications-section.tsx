import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import type { NotificationPreferences } from '@common/contracts/notification-preferences';
import { QueryState } from '@/components/query-state';
import { SectionCard } from '@/components/section-card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { MAIL_KIND_LABELS } from '@/lib/event-labels';
import { notificationPreferencesQuery, useSwitchMailKind } from './notification-preferences-api';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { i18n } from '@/lib/i18n';

/** Why this person gets no e-mail at all, or null when they can (a ship's copy sends none: 'Not configured'). */
function noMailReason(preferences: NotificationPreferences): string | null {
  if (!preferences.configured) return i18n._(msg`Not configured: this server sends no e-mail.`);
  if (!preferences.email) return i18n._(msg`Your account has no e-mail address, so you get no e-mail. An administrator can add one.`);
  return null;
}

/** My Account: which notifications also come by e-mail (each kind the person can receive, all on at first). */
export function EmailNotificationsSection() {
  const { t } = useLingui();
  const preferences = useQuery(notificationPreferencesQuery);
  const switchKind = useSwitchMailKind();
  const data = preferences.data;
  const reason = data ? noMailReason(data) : null;
  return (
    <SectionCard icon={Mail} title={t`Email notifications`} testId="email-notifications">
      <QueryState query={preferences} loading={t`Loading your e-mail settings...`} failed={t`Your e-mail settings could not be loaded.`} frame="py-4">
        {data &&
          (reason ? (
            <p className="text-sm text-muted-foreground" data-testid="email-notifications-state">
              {reason}
            </p>
          ) : (
            <fieldset className="space-y-3">
              <legend className="mb-3 text-sm text-muted-foreground">
                <SentTo email={data.email} />
              </legend>
              {data.kinds.map(({ kind, enabled }) => (
                <div key={kind} className="flex items-start gap-3">
                  <Checkbox
                    id={`mail-${kind}`}
                    checked={enabled}
                    disabled={switchKind.isPending}
                    onCheckedChange={(checked) => switchKind.mutate({ kind, enabled: checked === true })}
                    className="mt-0.5"
                  />
                  <Label htmlFor={`mail-${kind}`} className="leading-snug font-normal">
                    {MAIL_KIND_LABELS[kind]}
                  </Label>
                </div>
              ))}
            </fieldset>
          ))}
      </QueryState>
    </SectionCard>
  );
}

/** 'Sent to <address> when:' above the switches. */
function SentTo({ email }: { email: string | null }) {
  return (
    <Trans>
      Sent to <span className="font-medium break-all text-navy">{email}</span> when:
    </Trans>
  );
}
