import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { fakeCacheStorage } from '@/test/cache-storage';
import { sopDetail } from '@/test/fixtures';
import { renderScreen, signedIn } from '@/test/render';
import { KeepOfflineButton } from './keep-offline-button';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('Keep this SOP offline', () => {
  it('holds its place, unseen and out of reach, while the device says whether the SOP is kept; then offers keeping', async () => {
    const { storage } = fakeCacheStorage();
    let answer: (held: boolean) => void = () => {};
    vi.stubGlobal('caches', { ...storage, has: () => new Promise<boolean>((resolve) => (answer = resolve)) });
    signedIn(queryClient, 'user');
    renderScreen('/sop/7', <KeepOfflineButton sop={sopDetail(7, { title: 'Mooring lines' })} />, queryClient);

    // Its place on the page is taken from the first drawing, so the buttons after it do not move when it appears.
    const held = screen.getByTestId('keep-offline');
    expect(held.className).toContain('invisible');
    expect(held.getAttribute('aria-hidden')).toBe('true');
    expect(held.tabIndex).toBe(-1);
    expect(screen.queryByRole('button')).toBeNull();

    answer(false);
    const offered = await screen.findByRole('button', { name: 'Keep this SOP offline' });
    expect(offered.className).not.toContain('invisible');
    expect(offered.getAttribute('aria-hidden')).toBeNull();
    expect(offered.tabIndex).toBe(0);
  });
});
