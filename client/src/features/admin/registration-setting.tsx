import { useQuery } from '@tanstack/react-query';
import type { AppSettings } from '@common/contracts/settings';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { adminQueries, useUpdateSettings } from './api';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';

interface SettingWords {
  label: MessageDescriptor;
  on: MessageDescriptor;
  off: MessageDescriptor;
  turnOn: MessageDescriptor;
  turnOff: MessageDescriptor;
  testId: string;
}

/** One on/off setting of /api/admin/settings: its state in words and the button that turns it round. */
function SettingToggle({ setting, className }: { setting: keyof AppSettings; className?: string }) {
  const { i18n } = useLingui();
  const words = WORDS[setting];
  const settings = useQuery(adminQueries.settings());
  const update = useUpdateSettings();
  const on = settings.data?.[setting];
  const labelId = `${setting}-setting-label`;
  return (
    <div className={cn('flex items-center justify-between gap-2 text-sm', className)}>
      {/* It sits in the card's dl: a dt/dd group, so the list stays well formed. */}
      <dt className="text-muted-foreground" id={labelId}>
        {i18n._(words.label)}
      </dt>
      <dd className="flex items-center gap-2">
        <span className="whitespace-nowrap font-medium" data-testid={words.testId}>
          {on === undefined ? '...' : i18n._(on ? words.on : words.off)}
        </span>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="h-7 px-2 text-xs"
          aria-describedby={labelId}
          disabled={on === undefined || update.isPending}
          onClick={() => update.mutate({ [setting]: !on })}
        >
          {i18n._(on ? words.turnOff : words.turnOn)}
        </Button>
      </dd>
    </div>
  );
}

/** What each switch says (read when drawn, in the interface's language), and the test id of its state. */
const WORDS: Record<keyof AppSettings, SettingWords> = {
  registrationOpen: {
    label: msg`Self-registration`,
    on: msg`Open`,
    off: msg`Closed`,
    turnOn: msg`Open registration`,
    turnOff: msg`Close registration`,
    testId: 'registration-state',
  },
  ssoCreatesAccounts: {
    label: msg`New people at single sign-on`,
    on: msg`Get an account`,
    off: msg({ context: 'sso', message: 'Refused' }),
    turnOn: msg`Create accounts`,
    turnOff: msg`Refuse them`,
    testId: 'sso-accounts-state',
  },
  requireSignatures: {
    label: msg`Electronic signatures`,
    on: msg`Required`,
    off: msg`Not required`,
    turnOn: msg`Require signatures`,
    turnOff: msg`Stop requiring`,
    testId: 'signature-state',
  },
};

/** Self-registration on the sign-in screen: open by default, an administrator may close it. */
export const RegistrationSetting = ({ className }: { className?: string }) => <SettingToggle setting="registrationOpen" className={className} />;

/** Whether someone the identity provider signs in, with no account yet, gets one (role user) or is refused. */
export const SsoAccountsSetting = ({ className }: { className?: string }) => <SettingToggle setting="ssoCreatesAccounts" className={className} />;

/** Electronic signatures: off by default; when on, decisions and attestations ask for a password or a passkey. */
export const SignatureSetting = ({ className }: { className?: string }) => <SettingToggle setting="requireSignatures" className={className} />;
