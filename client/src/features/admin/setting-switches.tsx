import { useQuery } from '@tanstack/react-query';
import type { AppSettings } from '@common/contracts/settings';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { adminQueries, useUpdateSettings } from './api';

interface SwitchProps {
  setting: keyof AppSettings;
  label: string;
  /** The state as shown: [when on, when off]. */
  states: [string, string];
  /** The button: [to turn it off, to turn it on]. */
  actions: [string, string];
  testId: string;
  className?: string;
}

/** One on/off setting in a card's dl: its name, its state and the button that flips it. */
function SettingSwitch({ setting, label, states, actions, testId, className }: SwitchProps) {
  const settings = useQuery(adminQueries.settings());
  const update = useUpdateSettings();
  const on = settings.data?.[setting];
  const labelId = `${testId}-label`;
  return (
    <div className={cn('flex items-center justify-between gap-2 text-sm', className)}>
      {/* It sits in the card's dl: a dt/dd group, so the list stays well formed. */}
      <dt className="text-muted-foreground" id={labelId}>
        {label}
      </dt>
      <dd className="flex items-center gap-2">
        <span className="whitespace-nowrap font-medium" data-testid={testId}>
          {on === undefined ? '...' : on ? states[0] : states[1]}
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
          {on ? actions[0] : actions[1]}
        </Button>
      </dd>
    </div>
  );
}

/** Self-registration on the sign-in screen: open by default, an administrator may close it. */
export function RegistrationSetting({ className }: { className?: string }) {
  return (
    <SettingSwitch
      setting="registrationOpen"
      label="Self-registration"
      states={['Open', 'Closed']}
      actions={['Close registration', 'Open registration']}
      testId="registration-state"
      className={className}
    />
  );
}

/** Electronic signatures: off by default; when on, decisions and attestations ask for a password or a passkey. */
export function SignatureSetting({ className }: { className?: string }) {
  return (
    <SettingSwitch
      setting="requireSignatures"
      label="Electronic signatures"
      states={['Required', 'Not required']}
      actions={['Stop requiring', 'Require signatures']}
      testId="signature-state"
      className={className}
    />
  );
}
