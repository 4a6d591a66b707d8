import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@common/contracts/auth';
import type { SopListItem } from '@common/contracts/sops';
import { actionsFor } from './sop-row-actions';

const submitted = (submittedBy: number): SopListItem =>
  ({
    id: 7,
    title: 'Mooring',
    status: 'submitted',
    pendingTaskId: 42,
    latestVersion: { id: 3, versionNumber: '1.0', isPublished: false, submittedBy, submittedAt: null, approvedAt: null, createdAt: '', attachmentCount: 0, firstAttachmentId: null, submittedByUser: null },
  }) as SopListItem;

const user = (id: number, role: PublicUser['role']) => ({ id, role }) as PublicUser;

describe('actionsFor', () => {
  it('offers Approve to an approver on someone else’s submission', () => {
    expect(actionsFor(submitted(1), user(2, 'approver'), true)).toContain('approve');
  });
  it('does not offer Approve to the approver who submitted it', () => {
    expect(actionsFor(submitted(2), user(2, 'approver'), true)).not.toContain('approve');
  });
  it('offers Approve to an admin even on their own submission', () => {
    expect(actionsFor(submitted(2), user(2, 'admin'), true)).toContain('approve');
  });
  it('never offers Approve or Delete to a plain user', () => {
    const actions = actionsFor(submitted(1), user(2, 'user'), false);
    expect(actions).not.toContain('approve');
    expect(actions).not.toContain('delete');
  });
});
