import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FleetStatus } from '@common/contracts/fleet';
import { shipLinkSentence } from './ship-link-line';

// In the British date style the reader's locale gives (lib/labels.ts).
beforeEach(() => {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
});
afterEach(() => vi.restoreAllMocks());

const now = new Date(2026, 10, 25, 11, 0);
const at = (hours: number, minutes: number, day = 25) => new Date(2026, 10, day, hours, minutes).toISOString();
const status = (connected: boolean, lastContactAt: string | null, toSend = 0): FleetStatus => ({
  role: 'ship',
  vessel: { code: 'AURORA', name: 'Aurora Borealis of the Northern Seas' },
  connected,
  lastContactAt,
  waiting: { toSend },
  problem: null,
  link: { state: connected ? 'connected' : 'down', since: lastContactAt, error: connected ? null : 'The office has not answered' },
});

describe("the ship's link line", () => {
  it('says the copy is in step, with the time of the last contact', () => {
    expect(shipLinkSentence(status(true, at(10, 42)), now)).toBe('Ship copy · in step with the office at 10:42');
  });

  it('says since when the link is down and what waits, one or many', () => {
    expect(shipLinkSentence(status(false, at(8, 10), 3), now)).toBe('No link to the office since 08:10 · 3 attestations waiting to send');
    expect(shipLinkSentence(status(false, at(8, 10), 1), now)).toBe('No link to the office since 08:10 · 1 attestation waiting to send');
    expect(shipLinkSentence(status(false, at(8, 10)), now)).toBe('No link to the office since 08:10');
  });

  it('names the day of a contact before today, and a ship that has not reached the office yet', () => {
    expect(shipLinkSentence(status(false, at(23, 5, 24), 2), now)).toBe('No link to the office since 24 Nov 2026, 23:05 · 2 attestations waiting to send');
    expect(shipLinkSentence(status(false, null), now)).toBe('No link to the office yet');
  });

  it('counts what still waits while the link is back', () => {
    expect(shipLinkSentence(status(true, at(10, 42), 2), now)).toBe('Ship copy · in step with the office at 10:42 · 2 attestations waiting to send');
  });
});
