import { refuseDelete } from './sop-withdrawal';
import { describe, expect, it } from 'vitest';
import type { Actor } from './permissions';
import type { Role } from './roles';
import {
  DECISION_OUTCOME,
  DECISIONS,
  decisionScope,
  FILTERABLE_STATUSES,
  listFiltersFor,
  nextVersionNumber,
  refuseAddFiles,
  refuseAddVersion,
  refuseCreate,
  refuseDecision,
  refuseEdit,
  refuseSubmit,
  RESUBMIT_NEEDS_NEW_VERSION,
  SOP_STATUSES,
  type SopStatus,
  statusAfterNewVersion,
  whoMay,
} from './sop-lifecycle';

const ROLES: Role[] = ['admin', 'approver', 'user'];
const ME = 10;
const SOMEONE_ELSE = 20;
const actor = (role: Role): Actor => ({ id: ME, role });
const sop = (status: SopStatus, ownerId = ME) => ({ status, ownerId, latestVersionId: 3 });

const FORBID = (message: string, code?: string) => ({ kind: 'forbidden', message, code });
const CONFLICT = (message: string, code?: string) => ({ kind: 'conflict', message, code });

const EDIT = FORBID('Only the owner, an approver or an admin can edit this SOP');
const ADD_VERSION = FORBID('Only the owner, an approver or an admin can add a version to this SOP');
const SUBMIT = FORBID('Only the owner, an approver or an admin can submit this SOP');
const ADD_FILES = FORBID('Only the owner, an approver or an admin can add attachments to this SOP');
const DELETE = FORBID('Only the owner or an admin can delete this SOP');
const DECIDE_ROLE = FORBID('Only an approver or an admin can decide approval tasks');
const OWN_SUBMISSION = FORBID('You cannot decide on a version you submitted yourself; another approver or an admin must review it', 'own_submission');
const VERSION_UNDER_REVIEW = CONFLICT('This SOP is waiting for approval; a new version can be added once the approver has decided', 'under_review');
const FILES_UNDER_REVIEW = CONFLICT('This SOP is waiting for approval; files can be added once the approver has decided', 'under_review');

/** role × whose SOP -> the owner rule's answer, for every transition governed by sop.edit or sop.submit. */
const OWNER_RULE: [Role, number, boolean][] = [
  ['admin', ME, true],
  ['admin', SOMEONE_ELSE, true],
  ['approver', ME, true],
  ['approver', SOMEONE_ELSE, true],
  ['user', ME, true],
  ['user', SOMEONE_ELSE, false],
];

describe('who may trigger each transition, by role', () => {
  it.each(ROLES)('create: any signed-in %s', (role) => {
    expect(refuseCreate(actor(role))).toBeNull();
  });
  it('create: nobody signed out', () => {
    expect(refuseCreate(null)).toEqual(FORBID('Only signed-in users can create an SOP'));
  });
  it.each(OWNER_RULE)('edit, add a version, submit, add files: %s on the SOP of %s -> %s', (role, ownerId, allowed) => {
    const draft = sop('draft', ownerId);
    const files = { ...draft, versionId: 3, versionNumber: '1.0', isPublished: false };
    expect(refuseEdit(actor(role), draft, { addsVersion: false })).toEqual(allowed ? null : EDIT);
    expect(refuseEdit(actor(role), draft, { addsVersion: true })).toEqual(allowed ? null : EDIT);
    expect(refuseAddVersion(actor(role), draft)).toEqual(allowed ? null : ADD_VERSION);
    expect(refuseSubmit(actor(role), draft)).toEqual(allowed ? null : SUBMIT);
    expect(refuseAddFiles(actor(role), files)).toEqual(allowed ? null : ADD_FILES);
  });
  it.each(OWNER_RULE)('delete a draft never approved: %s on the SOP of %s -> %s', (role, ownerId, allowed) => {
    const draft = { id: 7, ownerId, everInForce: false };
    const mayDelete = role === 'admin' || ownerId === ME;
    expect(refuseDelete(actor(role), draft)).toEqual(allowed && mayDelete ? null : DELETE);
  });
  it('never deletes an SOP that has had a version in force: approvers and admins are sent to withdrawal', () => {
    const inForce = { id: 7, ownerId: ME, everInForce: true };
    expect(refuseDelete(actor('admin'), inForce)).toMatchObject({ kind: 'conflict', code: 'withdraw_instead' });
    expect(refuseDelete(actor('approver'), inForce)?.message).toMatch(/POST \/api\/sops\/7\/withdraw/);
    expect(refuseDelete(actor('user'), inForce)).toMatchObject({ kind: 'forbidden' });
  });
  it('an SOP without an owner is refused to plain users, with the owner rule’s text', () => {
    expect(refuseSubmit(actor('user'), { ...sop('draft'), ownerId: null })).toEqual(SUBMIT);
  });
});

describe('decide (approved, changes_requested, rejected) × role', () => {
  const task = (submittedBy: number | null, sopStatus: SopStatus = 'submitted') => ({ status: 'pending' as const, submittedBy, sopStatus });
  const cases: [Role, number | null, object | null][] = [
    ['admin', SOMEONE_ELSE, null],
    ['admin', ME, null],
    ['approver', SOMEONE_ELSE, null],
    ['approver', ME, OWN_SUBMISSION],
    ['approver', null, null],
    ['user', SOMEONE_ELSE, DECIDE_ROLE],
    ['user', ME, DECIDE_ROLE],
  ];
  for (const decision of DECISIONS) {
    it.each(cases)(`${decision}: %s on a version submitted by %s -> %j`, (role, submittedBy, refusal) => {
      expect(refuseDecision(actor(role), task(submittedBy))).toEqual(refusal);
      expect(refuseDecision(actor(role), task(submittedBy, 'in_review'))).toEqual(refusal);
    });
  }
  it('nobody signed out may decide', () => {
    expect(refuseDecision(null, task(SOMEONE_ELSE))).toEqual(DECIDE_ROLE);
  });
  it('a decided task is 409, naming the decision', () => {
    expect(refuseDecision(actor('admin'), { ...task(SOMEONE_ELSE), status: 'changes_requested' })).toEqual(
      CONFLICT('This approval task was already decided (changes requested)', 'already_decided'),
    );
  });
  it.each(['draft', 'changes_requested', 'published', 'approved', 'archived'] as const)('a task whose SOP is %s is 409', (status) => {
    expect(refuseDecision(actor('approver'), task(SOMEONE_ELSE, status))).toEqual(
      CONFLICT(`This SOP is no longer awaiting approval; it is ${status.replace('_', ' ')}`),
    );
  });
  it('each decision moves the SOP; only approval publishes the version', () => {
    expect(DECISION_OUTCOME).toEqual({
      approved: { sopStatus: 'published', publishesVersion: true },
      changes_requested: { sopStatus: 'changes_requested', publishesVersion: false },
      rejected: { sopStatus: 'draft', publishesVersion: false },
    });
  });
  it('the scope of decidable tasks follows the table', () => {
    expect(ROLES.map((role) => decisionScope(actor(role)))).toEqual(['all', 'not-own-submissions', 'none']);
  });
});

describe('what each status allows', () => {
  const SUBMIT_FROM = ['draft', 'changes_requested'];
  it.each(SOP_STATUSES)('submit from %s', (status) => {
    const words = status.replace('_', ' ');
    expect(refuseSubmit(actor('admin'), sop(status))).toEqual(
      SUBMIT_FROM.includes(status) ? null : CONFLICT(`Only a draft or an SOP with changes requested can be submitted; this SOP is ${words}`),
    );
  });
  it('submit after changes were requested on the submitted latest version needs a new version', () => {
    const reviewed = { ...sop('changes_requested'), latestVersion: { submittedAt: '2026-11-25T10:00:00.000Z' } };
    expect(refuseSubmit(actor('user'), reviewed)).toEqual(CONFLICT(RESUBMIT_NEEDS_NEW_VERSION, 'new_version_needed'));
    expect(refuseSubmit(actor('user'), { ...reviewed, status: 'draft' })).toBeNull();
    expect(refuseSubmit(actor('user'), { ...reviewed, latestVersion: { submittedAt: null } })).toBeNull();
  });
  it('submit needs a version', () => {
    expect(refuseSubmit(actor('user'), { ...sop('draft'), latestVersionId: null })).toEqual(CONFLICT('This SOP has no version to submit'));
  });
  it.each(SOP_STATUSES)('new text on a %s SOP', (status) => {
    const awaiting = status === 'submitted' || status === 'in_review';
    expect(refuseAddVersion(actor('user'), sop(status))).toEqual(awaiting ? VERSION_UNDER_REVIEW : null);
    expect(refuseEdit(actor('user'), sop(status), { addsVersion: true })).toEqual(awaiting ? VERSION_UNDER_REVIEW : null);
    // Fields alone may change at any time.
    expect(refuseEdit(actor('user'), sop(status), { addsVersion: false })).toBeNull();
  });
  it.each(SOP_STATUSES)('a new version of a %s SOP leaves it', (status) => {
    const expected = ['published', 'approved', 'changes_requested'].includes(status) ? 'draft' : status;
    expect(statusAfterNewVersion(status)).toBe(expected);
  });
  it('files join only the latest, unapproved version of an SOP not awaiting a decision', () => {
    const v = { ...sop('draft'), versionId: 3, versionNumber: '1.2', isPublished: false };
    expect(refuseAddFiles(actor('user'), v)).toBeNull();
    expect(refuseAddFiles(actor('user'), { ...v, isPublished: true })).toEqual(
      CONFLICT('Version 1.2 is approved and cannot change; edit the SOP to start a new version', 'stale_version'),
    );
    expect(refuseAddFiles(actor('user'), { ...v, latestVersionId: 4 })).toEqual(
      CONFLICT('Version 1.2 has been superseded; add files to the latest version', 'stale_version'),
    );
    expect(refuseAddFiles(actor('user'), { ...v, status: 'submitted' })).toEqual(FILES_UNDER_REVIEW);
    expect(refuseAddFiles(actor('user'), { ...v, status: 'in_review' })).toEqual(FILES_UNDER_REVIEW);
  });
  it('the list filter offers every status in use, in lifecycle order', () => {
    expect(FILTERABLE_STATUSES).toEqual(['draft', 'submitted', 'in_review', 'changes_requested', 'approved', 'published']);
  });
  it('offers a reader who owns no SOP only what the version in force is shown as, and every filter to those who see more', () => {
    expect(listFiltersFor(actor('user'), false)).toEqual({ statuses: ['approved', 'published'], withoutApprovedVersion: false });
    // Their own SOPs show every version, so every status can hold one of them.
    expect(listFiltersFor(actor('user'), true)).toEqual({ statuses: FILTERABLE_STATUSES, withoutApprovedVersion: true });
    for (const role of ['approver', 'admin'] as const)
      expect(listFiltersFor(actor(role), false)).toEqual({ statuses: FILTERABLE_STATUSES, withoutApprovedVersion: true });
  });
});

describe('texts and numbers', () => {
  it('reads who may act from the permission table', () => {
    expect(whoMay('sop.edit')).toBe('the owner, an approver or an admin');
    expect(whoMay('sop.delete')).toBe('the owner or an admin');
    expect(whoMay('sop.withdraw')).toBe('an approver or an admin');
    expect(whoMay('users.manage')).toBe('an admin');
    expect(whoMay('sop.read')).toBe('signed-in users');
  });
  it.each([
    ['1.0', ['1.0'], '1.1'],
    ['1.1', ['1.0', '1.1', '1.2'], '1.3'],
    ['2.9', ['2.9'], '2.10'],
    ['draft-a', ['draft-a'], '2.0'],
    ['draft-a', ['draft-a', '2.0'], '3.0'],
    [undefined, [], '1.0'],
  ] as const)('the next version after %s (taken %j) is %s', (latest, existing, next) => {
    expect(nextVersionNumber(latest, existing)).toBe(next);
  });
});
