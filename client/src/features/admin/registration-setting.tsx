import { useQuery } from '@tanstack/react-query';
import type { AppSettings } from '@common/contracts/settings';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { adminQueries, useUpdateSettings } from './api';

interface SettingWords {
  label: string;
  on: string;
  off: string;
  turnOn: string;
  turnOff: string;
  testId: string;
}

/** One on/off setting of /api/admin/settings: its state in words and the button that turns it round. */
function SettingToggle({ setting, className }: { setting: keyof AppSettings; className?: string }) {
  const words = WORDS[setting];
  const settings = useQuery(adminQueries.settings());
  const update = useUpdateSettings();
  const on = settings.data?.[setting];
  const labelId = `${setting}-setting-label`;
  return (
    <div className={cn('flex items-center justify-between gap-2 text-sm', className)}>
      {/* It sits in the card's dl: a dt/dd group, so the list stays well formed. */}
      <dt className="text-muted-foreground" id={labelId}>
        {words.label}
      </dt>
      <dd className="flex items-center gap-2">
        <span className="whitespace-nowrap font-medium" data-testid={words.testId}>
          {on === undefined ? '...' : on ? words.on : words.off}
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
          {on ? words.turnOff : words.turnOn}
        </Button>
      </dd>
    </div>
  );
}

/** What each switch says, and the test id of its state. */
const WORDS: Record<keyof AppSettings, SettingWords> = {
  registrationOpen: {
    label: 'Self-registration',
    on: 'Open',
    off: 'Closed',
    turnOn: 'Open registration',
    turnOff: 'Close registration',
    testId: 'registration-state',
  },
  ssoCreatesAccounts: {
    label: 'New people at single sign-on',
    on: 'Get an account',
    off: 'Refused',
    turnOn: 'Create accounts',
    turnOff: 'Refuse them',
    testId: 'sso-accounts-state',
  },
  requireSignatures: {
    label: 'Electronic signatures',
    on: 'Required',
    off: 'Not required',
    turnOn: 'Require signatures',
    turnOff: 'Stop requiring',
    testId: 'signature-state',
  },
};

/** Self-registration on the sign-in screen: open by default, an administrator may close it. */
export const RegistrationSetting = ({ className }: { className?: string }) => <SettingToggle setting="registrationOpen" className={className} />;

/** Whether someone the identity provider signs in, with no account yet, gets one (role user) or is refused. */
export const SsoAccountsSetting = ({ className }: { className?: string }) => <SettingToggle setting="ssoCreatesAccounts" className={className} />;

/** Electronic signatures: off by default; when on, decisions and attestations ask for a password or a passkey. */
export const SignatureSetting = ({ className }: { className?: string }) => <SettingToggle setting="requireSignatures" className={className} />;
