import { afterEach, describe, expect, it, vi } from 'vitest';
import { inForceLine, revisionLine } from './in-force-status';

const inForce = { id: 1, versionNumber: '1.0', approvedAt: '2026-03-12T10:00:00Z' };

describe('the in-force status line', () => {
  afterEach(() => vi.restoreAllMocks());
  it("names the version in force and the day it was approved, in the reader's date style", () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    expect(inForceLine({ inForce })).toBe('In force · v1.0 · approved 12 Mar 2026');
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    expect(inForceLine({ inForce })).toBe('In force · v1.0 · approved Mar 12, 2026');
    expect(inForceLine({ inForce: null })).toBeNull();
  });

  it('adds the revision in progress only when a newer version than the one in force is sent', () => {
    expect(revisionLine({ inForce, latestVersion: { id: 2, versionNumber: '1.1' } })).toBe('Revision v1.1 in progress');
    // A reader is sent the version in force as the latest: no second line.
    expect(revisionLine({ inForce, latestVersion: { id: 1, versionNumber: '1.0' } })).toBeNull();
    expect(revisionLine({ inForce: null, latestVersion: { id: 2, versionNumber: '1.1' } })).toBeNull();
  });
});
