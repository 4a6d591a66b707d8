import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackupStatus } from '@common/contracts/backups';
import { backupWords } from './backup-words';

// Written in the British date style: the reader's locale decides it (client/src/lib/labels.ts).
beforeEach(() => {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
});
afterEach(() => vi.restoreAllMocks());

const now = new Date(2026, 10, 25, 15, 0);
const configured: BackupStatus = {
  configured: true,
  everyHours: 24,
  keep: 14,
  last: null,
  next: new Date(2026, 10, 26, 1, 0).toISOString(),
  inProgress: false,
};

describe('backupWords', () => {
  it('says Not configured without BACKUP_DIR', () => {
    expect(backupWords({ ...configured, configured: false, next: null }, now)).toBe('Not configured');
  });
  it('gives the time and size of the last backup, or why it failed', () => {
    const at = new Date(2026, 10, 25, 3, 0).toISOString();
    expect(backupWords({ ...configured, last: { at, bytes: 48 * 1024 * 1024, ok: true, error: null } }, now)).toBe('Last backup 03:00, 48 MB');
    expect(backupWords({ ...configured, last: { at, bytes: null, ok: false, error: 'disk full' } }, now)).toBe('Last backup failed: disk full');
    const yesterday = new Date(2026, 10, 24, 3, 0).toISOString();
    expect(backupWords({ ...configured, last: { at: yesterday, bytes: 2048, ok: true, error: null } }, now)).toBe('Last backup 24 Nov 2026, 03:00, 2 KB');
  });
  it('says when there is none yet, and when the schedule is overdue', () => {
    expect(backupWords(configured, now)).toBe('No backup yet; first at 26 Nov 2026, 01:00');
    expect(backupWords({ ...configured, next: new Date(2026, 10, 25, 13, 0).toISOString() }, now)).toBe('Overdue since 13:00');
  });
});
