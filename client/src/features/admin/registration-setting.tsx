import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { adminQueries, useUpdateSettings } from './api';

/** Self-registration on the sign-in screen: open by default, an administrator may close it. */
export function RegistrationSetting({ className }: { className?: string }) {
  const settings = useQuery(adminQueries.settings());
  const update = useUpdateSettings();
  const open = settings.data?.registrationOpen;
  return (
    <div className={cn('flex items-center justify-between gap-2 text-sm', className)}>
      {/* It sits in the card's dl: a dt/dd group, so the list stays well formed. */}
      <dt className="text-muted-foreground" id="registration-setting-label">
        Self-registration
      </dt>
      <dd className="flex items-center gap-2">
        <span className="whitespace-nowrap font-medium" data-testid="registration-state">
          {open === undefined ? '...' : open ? 'Open' : 'Closed'}
        </span>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="h-7 px-2 text-xs"
          aria-describedby="registration-setting-label"
          disabled={open === undefined || update.isPending}
          onClick={() => update.mutate({ registrationOpen: !open })}
        >
          {open ? 'Close registration' : 'Open registration'}
        </Button>
      </dd>
    </div>
  );
}
