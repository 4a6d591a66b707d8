import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@common/contracts/auth';
import type { SopDetail, SopVersion } from '@common/contracts/sops';
import { parseListParams, formatListParams } from './list-params';
import { requestedVersion, shownVersionOf } from './shown-version';

const version = (id: number, isPublished: boolean) => ({ id, versionNumber: `1.${id - 1}`, isPublished, attachments: [] }) as unknown as SopVersion;
/** 1.0 approved and superseded, 1.1 in force, 1.2 a revision under way; owned by user 5. */
const v10 = version(1, true);
const v11 = version(2, true);
const v12 = version(3, false);
const sop = { id: 9, ownerId: 5, latestVersionId: 3, latestVersion: v12, effectiveVersionId: 2, versions: [v12, v11, v10] } as unknown as SopDetail;
const user = (id: number, role: PublicUser['role']) => ({ id, role }) as PublicUser;

describe('shownVersionOf', () => {
  it('shows the version asked for by ?version=, pinned', () => {
    expect(shownVersionOf(sop, user(6, 'user'), 1)).toEqual({ version: v10, pinned: true });
  });
  it('shows the latest to those who may edit, and the version in force to readers', () => {
    expect(shownVersionOf(sop, user(5, 'user'), null)).toEqual({ version: v12, pinned: false });
    expect(shownVersionOf(sop, user(6, 'approver'), null)).toEqual({ version: v12, pinned: false });
    expect(shownVersionOf(sop, user(6, 'user'), null)).toEqual({ version: v11, pinned: false });
  });
  it('ignores a version of another SOP and falls back as without one', () => {
    expect(shownVersionOf(sop, user(6, 'user'), 77)).toEqual({ version: v11, pinned: false });
  });
  it('shows the latest to readers when nothing is in force yet', () => {
    expect(shownVersionOf({ ...sop, effectiveVersionId: null }, user(6, 'user'), null)).toEqual({ version: v12, pinned: false });
  });
});

describe('requestedVersion', () => {
  it('reads a positive whole ?version=, else null', () => {
    expect(requestedVersion('version=12')).toBe(12);
    expect(requestedVersion('?version=12&x=1')).toBe(12);
    expect(requestedVersion('version=abc')).toBeNull();
    expect(requestedVersion('version=-1')).toBeNull();
    expect(requestedVersion('')).toBeNull();
  });
});

describe('the review filter in the list address', () => {
  it('round-trips due_soon and overdue and ignores anything else', () => {
    expect(parseListParams('review=overdue').review).toBe('overdue');
    expect(formatListParams({ ...parseListParams(''), review: 'due_soon' })).toBe('?review=due_soon');
    expect(parseListParams('review=ok').review).toBeNull();
    expect(formatListParams(parseListParams(''))).toBe('');
  });
});
