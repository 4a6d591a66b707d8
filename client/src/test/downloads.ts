import { vi } from 'vitest';

/**
 * Catches the files saveFileFrom (lib/download.ts) saves: the link's click is stopped and the
 * name it would have saved under recorded in the answered list. Call in beforeEach; restore
 * with vi.restoreAllMocks.
 */
export function catchDownloads(): string[] {
  const saved: string[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:download');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}
