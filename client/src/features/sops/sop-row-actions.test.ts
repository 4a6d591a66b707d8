import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@common/contracts/auth';
import type { SopListItem } from '@common/contracts/sops';
import type { SopStatus } from '@common/sop-lifecycle';
import { actionsFor } from './sop-row-actions';

/** A list row: owned by `ownerId`; when `submittedBy` is given, its latest version waits for a decision. */
const row = (status: SopStatus, ownerId: number, submittedBy: number | null = null): SopListItem =>
  ({
    id: 7,
    title: 'Mooring',
    status,
    ownerId,
    latestVersionId: 3,
    pendingTaskId: submittedBy === null ? null : 42,
    latestVersion: {
      id: 3,
      versionNumber: '1.0',
      isPublished: false,
      submittedBy,
      submittedAt: null,
      approvedAt: null,
      createdAt: '',
      attachmentCount: 0,
      firstAttachmentId: null,
      submittedByUser: null,
    },
  }) as SopListItem;
const submitted = (submittedBy: number) => row('submitted', submittedBy, submittedBy);

const user = (id: number, role: PublicUser['role']) => ({ id, role }) as PublicUser;

describe('actionsFor: Approve', () => {
  it('offers Approve to an approver on someone else’s submission', () => {
    expect(actionsFor(submitted(1), user(2, 'approver'))).toContain('approve');
  });
  it('does not offer Approve to the approver who submitted it', () => {
    expect(actionsFor(submitted(2), user(2, 'approver'))).not.toContain('approve');
  });
  it('offers Approve to an admin even on their own submission', () => {
    expect(actionsFor(submitted(2), user(2, 'admin'))).toContain('approve');
  });
  it('never offers Approve or Delete to a plain user', () => {
    const actions = actionsFor(submitted(1), user(2, 'user'));
    expect(actions).not.toContain('approve');
    expect(actions).not.toContain('delete');
  });
  it('offers Approve on in_review too, but not without a pending task', () => {
    expect(actionsFor(row('in_review', 1, 1), user(2, 'approver'))).toContain('approve');
    expect(actionsFor(row('submitted', 1), user(2, 'approver'))).not.toContain('approve');
  });
});

describe('actionsFor: Submit', () => {
  it('offers Submit on the user’s own draft and changes_requested SOPs', () => {
    expect(actionsFor(row('draft', 5), user(5, 'user'))).toContain('submit');
    expect(actionsFor(row('changes_requested', 5), user(5, 'user'))).toContain('submit');
  });
  it('does not offer Submit on another person’s SOP to a plain user (the server would answer 403)', () => {
    expect(actionsFor(row('draft', 6), user(5, 'user'))).not.toContain('submit');
    expect(actionsFor(row('changes_requested', 6), user(5, 'user'))).not.toContain('submit');
  });
  it.each(['approver', 'admin'] as const)('offers Submit to an %s on anyone’s draft or changes_requested SOP', (role) => {
    expect(actionsFor(row('draft', 6), user(5, role))).toContain('submit');
    expect(actionsFor(row('changes_requested', 6), user(5, role))).toContain('submit');
  });
  it.each(['submitted', 'in_review', 'approved', 'published', 'archived'] as const)(
    'never offers Submit on a %s SOP (the server would answer 409)',
    (status) => {
      expect(actionsFor(row(status, 5), user(5, 'admin'))).not.toContain('submit');
    },
  );
  it('does not offer Submit on an SOP without a version', () => {
    expect(actionsFor({ ...row('draft', 5), latestVersionId: null }, user(5, 'user'))).not.toContain('submit');
  });
});

describe('actionsFor: the rest', () => {
  it('offers Download on published and approved SOPs only', () => {
    expect(actionsFor(row('published', 5), user(5, 'user'))).toContain('download');
    expect(actionsFor(row('approved', 5), user(5, 'user'))).toContain('download');
    expect(actionsFor(row('draft', 5), user(5, 'user'))).not.toContain('download');
  });
  it('always offers Preview and History, in the list’s order', () => {
    expect(actionsFor(row('draft', 5), user(5, 'user'))).toEqual(['preview', 'submit', 'history', 'delete']);
    expect(actionsFor({ ...row('published', 5), hasPublishedVersion: true }, user(6, 'approver'))).toEqual(['preview', 'download', 'history', 'withdraw']);
  });
  it('offers Withdraw, never Delete, on an SOP that has had a version in force; Delete only on a draft, to its owner or an admin', () => {
    const inForce = { ...row('draft', 5), hasPublishedVersion: true };
    expect(actionsFor(inForce, user(5, 'admin'))).toContain('withdraw');
    expect(actionsFor(inForce, user(5, 'admin'))).not.toContain('delete');
    expect(actionsFor(inForce, user(5, 'user'))).not.toContain('withdraw');
    expect(actionsFor(row('draft', 5), user(6, 'approver'))).not.toContain('delete');
    expect(actionsFor(row('draft', 5), user(6, 'admin'))).toContain('delete');
    expect(actionsFor({ ...inForce, withdrawal: { at: '2026-11-27T00:00:00.000Z', reason: 'Old', by: null } }, user(5, 'admin'))).not.toContain('withdraw');
  });
  it('offers only Preview and History to nobody signed in', () => {
    expect(actionsFor(row('draft', 5), null)).toEqual(['preview', 'history']);
  });
});
