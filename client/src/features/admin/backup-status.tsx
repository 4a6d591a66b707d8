import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { adminQueries, useBackUpNow } from './api';
import { backupWords } from './backup-words';

/** The backup line, as the server's records tell it ('...' while it loads). */
export function useBackupWords() {
  const { data, isLoading } = useQuery(adminQueries.backups());
  return { status: data, words: isLoading ? '...' : data ? backupWords(data) : '—' };
}

/** 'Back up now', where the server makes backups (BACKUP_DIR); nothing where it does not. */
export function BackUpNowButton() {
  const { data } = useQuery(adminQueries.backups());
  const backUp = useBackUpNow();
  if (!data?.configured) return null;
  const busy = data.inProgress || backUp.isPending;
  return (
    <Button type="button" variant="outline" size="sm" className="h-7 px-2 text-xs" disabled={busy} onClick={() => backUp.mutate()}>
      {busy ? 'Backing up...' : 'Back up now'}
    </Button>
  );
}

/** The button as a group of the card's description list (a dl holds only dt/dd groups). */
export function BackUpNowRow() {
  const { data } = useQuery(adminQueries.backups());
  if (!data?.configured) return null;
  return (
    <div className="flex justify-end">
      <dt className="sr-only">Backups</dt>
      <dd>
        <BackUpNowButton />
      </dd>
    </div>
  );
}
