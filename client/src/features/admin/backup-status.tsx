import { useQuery } from '@tanstack/react-query';
import { can } from '@common/permissions';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/session';
import { adminQueries, useBackUpNow } from './api';
import { backupWords } from './backup-words';
import { Trans, useLingui } from '@lingui/react/macro';

/** The backup line, as the server's records tell it ('...' while it loads). */
export function useBackupWords() {
  const { data, isLoading } = useQuery(adminQueries.backups());
  return { status: data, words: isLoading ? '...' : data ? backupWords(data) : '—' };
}

/** The backups' status, and whether 'Back up now' is offered: where the server makes backups (BACKUP_DIR), to whoever may ask (nobody on a ship's copy). */
function useBackUpNowOffer() {
  const { user } = useCurrentUser();
  const { data } = useQuery(adminQueries.backups());
  return { data, offered: !!data?.configured && can(user, 'backups.manage') };
}

/** 'Back up now', where it is offered; nothing where it is not. */
export function BackUpNowButton() {
  const { data, offered } = useBackUpNowOffer();
  const { t } = useLingui();
  const backUp = useBackUpNow();
  if (!data || !offered) return null;
  const busy = data.inProgress || backUp.isPending;
  return (
    <Button type="button" variant="outline" size="sm" className="h-7 px-2 text-xs" disabled={busy} onClick={() => backUp.mutate()}>
      {busy ? t`Backing up...` : t`Back up now`}
    </Button>
  );
}

/** The button as a group of the card's description list (a dl holds only dt/dd groups). */
export function BackUpNowRow() {
  if (!useBackUpNowOffer().offered) return null;
  return (
    <div className="flex justify-end">
      <dt className="sr-only">
        <Trans>Backups</Trans>
      </dt>
      <dd>
        <BackUpNowButton />
      </dd>
    </div>
  );
}
