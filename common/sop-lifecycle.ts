import { type Action, type Actor, can, PERMISSIONS, type Rule, roleMay } from './permissions';
import type { ErrorCode } from './error-codes';
import type { Role } from './roles';

/**
 * The SOP lifecycle, in one place: the statuses, what moves an SOP between them, who may
 * do it (read from the permission table) and what a refused person is told. The server's
 * services and SQL and the client's buttons all ask here, so a rule changes in one file.
 * No I/O: plain data and functions.
 */

/** In lifecycle order. Nothing leads to `archived` any more; it stays for stored data. */
export const SOP_STATUSES = ['draft', 'submitted', 'in_review', 'changes_requested', 'approved', 'published', 'archived'] as const;
export type SopStatus = (typeof SOP_STATUSES)[number];

/** An approval task is opened `pending` and closed by one decision. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'changes_requested'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const OPEN_TASK_STATUS = APPROVAL_STATUSES[0];

/** The decisions an approver can take, by name. */
export const DECISION = { approve: 'approved', requestChanges: 'changes_requested', reject: 'rejected' } as const;
export const DECISIONS = [DECISION.approve, DECISION.requestChanges, DECISION.reject] as const;
export type Decision = (typeof DECISIONS)[number];

/** Where each transition leaves the SOP. */
export const INITIAL_STATUS: SopStatus = 'draft';
export const SUBMITTED_STATUS: SopStatus = 'submitted';
/** Where an SOP waits for its author after a reviewer asked for changes. */
export const CHANGES_REQUESTED_STATUS: SopStatus = 'changes_requested';
/** Where approval leaves an SOP; and what a reader is shown of one whose newer version is still in progress. */
export const IN_FORCE_STATUS: SopStatus = 'published';
/** Approval is the release: the version is published with the decision. */
export const DECISION_OUTCOME: Record<Decision, { sopStatus: SopStatus; publishesVersion: boolean }> = {
  approved: { sopStatus: IN_FORCE_STATUS, publishesVersion: true },
  changes_requested: { sopStatus: 'changes_requested', publishesVersion: false },
  rejected: { sopStatus: 'draft', publishesVersion: false },
};

/** A pending task can be decided only while its SOP waits in one of these. */
export const AWAITING_DECISION: readonly SopStatus[] = ['submitted', 'in_review'];
export const SUBMITTABLE: readonly SopStatus[] = ['draft', 'changes_requested'];
/** A new version of a reviewed SOP is unreviewed text again. */
const REOPENED_BY_NEW_VERSION: readonly SopStatus[] = ['published', 'approved', 'changes_requested'];
/** Offered for download from the list. */
const RELEASED: readonly SopStatus[] = [IN_FORCE_STATUS, 'approved'];
/** The statuses a person can filter the list by: every one still in use. */
export const FILTERABLE_STATUSES = SOP_STATUSES.filter((s) => s !== 'archived');

/**
 * What the list can hold for this person, so its filters offer nothing that could never match.
 * A reader (without `sop.read.unreleased`) sees, of the SOPs they do not own, only the version
 * in force: their status is a released one (server/src/features/sops/sop-visibility.service.ts
 * shows `published` while a newer version is in progress), and each has a version in force.
 * Of the SOPs they own they see every version, so an owner finds every status and the SOPs
 * with no approved version too. `ownsSops`: whether the person owns any SOP in use.
 */
export function listFiltersFor(actor: Actor | null | undefined, ownsSops: boolean): ListFilterScope {
  return can(actor, 'sop.read.unreleased') || ownsSops ? EVERY_FILTER : IN_FORCE_FILTERS;
}
export interface ListFilterScope {
  statuses: readonly SopStatus[];
  /** Whether 'No approved version' can match anything. */
  withoutApprovedVersion: boolean;
}
const EVERY_FILTER: ListFilterScope = { statuses: FILTERABLE_STATUSES, withoutApprovedVersion: true };
const IN_FORCE_FILTERS: ListFilterScope = { statuses: FILTERABLE_STATUSES.filter((s) => RELEASED.includes(s)), withoutApprovedVersion: false };

export const isAwaitingDecision = (status: SopStatus) => AWAITING_DECISION.includes(status);
export const isReleased = (status: SopStatus) => RELEASED.includes(status);
export const statusAfterNewVersion = (status: SopStatus): SopStatus => (REOPENED_BY_NEW_VERSION.includes(status) ? INITIAL_STATUS : status);
/** 'in_review' -> 'in review', for sentences. */
export const statusWords = (status: SopStatus | ApprovalStatus) => status.replaceAll('_', ' ');

/** Each transition, the permission that governs it and what the refusal says is being done. */
export const TRANSITIONS = {
  create: { permission: 'sop.create', task: 'create an SOP' },
  edit: { permission: 'sop.edit', task: 'edit this SOP' },
  addVersion: { permission: 'sop.edit', task: 'add a version to this SOP' },
  submit: { permission: 'sop.submit', task: 'submit this SOP' },
  decide: { permission: 'approval.decide', task: 'decide approval tasks' },
  addFiles: { permission: 'sop.edit', task: 'add attachments to this SOP' },
  delete: { permission: 'sop.delete', task: 'delete this SOP' },
  withdraw: { permission: 'sop.withdraw', task: 'withdraw an SOP' },
  confirmReview: { permission: 'sop.review.confirm', task: 'confirm a periodic review' },
} as const satisfies Record<string, { permission: Action; task: string }>;
export type Transition = keyof typeof TRANSITIONS;

export interface Refusal {
  kind: 'forbidden' | 'conflict';
  message: string;
  /** The machine code of the error answer, when the kind's own code is not specific enough. */
  code?: ErrorCode;
}

export const forbidden = (message: string, code?: ErrorCode): Refusal => ({ kind: 'forbidden', message, code });
export const conflict = (message: string, code?: ErrorCode): Refusal => ({ kind: 'conflict', message, code });

/** 'the owner, an approver or an admin', read from the permission table. */
export function whoMay(action: Action): string {
  const rules: Record<Role, Rule> = PERMISSIONS[action];
  if (rules.user === 'yes') return 'signed-in users';
  // A role held to its own resources is already 'the owner'.
  const byRole = (rule: Rule) => rule !== 'no' && rule !== 'owner';
  const owner = rules.user === 'owner' || rules.approver === 'owner' || rules.admin === 'owner';
  const who = [owner ? 'the owner' : null, byRole(rules.approver) ? 'an approver' : null, byRole(rules.admin) ? 'an admin' : null].filter(
    (w): w is string => w !== null,
  );
  return who.length > 1 ? `${who.slice(0, -1).join(', ')} or ${who.at(-1)}` : (who[0] ?? 'nobody');
}

/** 'Only the owner, an approver or an admin can edit this SOP'. */
export function roleRefusal(transition: Transition): Refusal {
  const { permission, task } = TRANSITIONS[transition];
  return forbidden(`Only ${whoMay(permission)} can ${task}`);
}

export const OWN_SUBMISSION_REFUSAL = forbidden(
  'You cannot decide on a version you submitted yourself; another approver or an admin must review it',
  'own_submission',
);

const VERSION_UNDER_REVIEW = 'This SOP is waiting for approval; a new version can be added once the approver has decided';
const FILES_UNDER_REVIEW = 'This SOP is waiting for approval; files can be added once the approver has decided';

export interface SopState {
  ownerId: number | null;
  status: SopStatus;
  /** Set once withdrawn: the SOP is a closed record in the archive. */
  withdrawnAt?: Date | string | null;
}

export const WITHDRAWN_MESSAGE = 'This SOP was withdrawn; it is kept in the archive as it was and can no longer change';
const withdrawn = (sop: Pick<SopState, 'withdrawnAt'>) => (sop.withdrawnAt ? conflict(WITHDRAWN_MESSAGE, 'withdrawn') : null);

/** The actor's rights on the SOP (owner rule) for a transition, as a refusal or null. */
export function refuseActor(actor: Actor | null | undefined, transition: Transition, sop?: Pick<SopState, 'ownerId'>): Refusal | null {
  return can(actor, TRANSITIONS[transition].permission, { ownerId: sop?.ownerId }) ? null : roleRefusal(transition);
}

export const refuseCreate = (actor: Actor | null | undefined) => refuseActor(actor, 'create');
// Deleting and withdrawing: ./sop-withdrawal.ts.

/** Editing the fields is always possible for those allowed; new text must not move under an approver. */
export function refuseEdit(actor: Actor | null | undefined, sop: SopState, change: { addsVersion: boolean }): Refusal | null {
  if (change.addsVersion) return refuseAddVersion(actor, sop, 'edit');
  return refuseActor(actor, 'edit', sop) ?? withdrawn(sop);
}

export function refuseAddVersion(actor: Actor | null | undefined, sop: SopState, transition: 'edit' | 'addVersion' = 'addVersion'): Refusal | null {
  return refuseActor(actor, transition, sop) ?? withdrawn(sop) ?? (isAwaitingDecision(sop.status) ? conflict(VERSION_UNDER_REVIEW, 'under_review') : null);
}

export const RESUBMIT_NEEDS_NEW_VERSION =
  'Changes were requested on this version, so it cannot be submitted again as it is; edit the SOP and save your changes as a new version, then submit that';

/**
 * `latestVersion.submittedAt`: whether the latest version has been sent for approval before.
 * After changes were requested on it, only a new version can go back to the approver.
 */
export function refuseSubmit(
  actor: Actor | null | undefined,
  sop: SopState & { latestVersionId: number | null; latestVersion?: { submittedAt: unknown } | null },
): Refusal | null {
  const refused = refuseActor(actor, 'submit', sop) ?? withdrawn(sop);
  if (refused) return refused;
  if (!SUBMITTABLE.includes(sop.status)) {
    return conflict(`Only a draft or an SOP with changes requested can be submitted; this SOP is ${statusWords(sop.status)}`);
  }
  if (!sop.latestVersionId) return conflict('This SOP has no version to submit');
  return sop.status === CHANGES_REQUESTED_STATUS && sop.latestVersion?.submittedAt ? conflict(RESUBMIT_NEEDS_NEW_VERSION, 'new_version_needed') : null;
}

/**
 * A version's review thread is read and written by the SOP's owner (its author), approvers
 * and admins. Anyone else is not told that the thread, or an unreleased version, exists.
 */
export const mayUseReviewThread = (actor: Actor | null | undefined, sop: Pick<SopState, 'ownerId'>) =>
  can(actor, 'sop.review.comment', { ownerId: sop.ownerId });

/** The decisions the author cannot act on without being told why: a comment is required. */
export const DECISIONS_NEEDING_COMMENT: readonly Decision[] = [DECISION.requestChanges];
export const COMMENT_REQUIRED_MESSAGE = 'A comment is required to request changes: say what the author should change';
export const decisionNeedsComment = (decision: Decision, comments: string | null | undefined) =>
  DECISIONS_NEEDING_COMMENT.includes(decision) && !comments?.trim();

export interface TaskState {
  status: ApprovalStatus;
  /** Who submitted the version under decision. */
  submittedBy: number | null;
  sopStatus: SopStatus;
}

export function refuseDecision(actor: Actor | null | undefined, task: TaskState): Refusal | null {
  if (!roleMay(actor, 'approval.decide')) return roleRefusal('decide');
  if (!can(actor, 'approval.decide', { submittedBy: task.submittedBy })) return OWN_SUBMISSION_REFUSAL;
  if (task.status !== OPEN_TASK_STATUS) return conflict(`This approval task was already decided (${statusWords(task.status)})`, 'already_decided');
  if (!isAwaitingDecision(task.sopStatus)) return conflict(`This SOP is no longer awaiting approval; it is ${statusWords(task.sopStatus)}`);
  return null;
}

/**
 * Which tasks an actor may decide, for queries over many tasks: none, all, or all but
 * the versions they submitted themselves.
 */
export function decisionScope(actor: Actor): 'none' | 'all' | 'not-own-submissions' {
  const rule = PERMISSIONS['approval.decide'][actor.role];
  return rule === 'no' ? 'none' : rule === 'yes' ? 'all' : 'not-own-submissions';
}

export interface VersionState extends SopState {
  versionId: number;
  versionNumber: string;
  isPublished: boolean;
  latestVersionId: number | null;
}

/** Files join only the version being written: an approved or superseded version is a closed record. */
export function refuseAddFiles(actor: Actor | null | undefined, v: VersionState): Refusal | null {
  const refused = refuseActor(actor, 'addFiles', v) ?? withdrawn(v);
  if (refused) return refused;
  if (v.isPublished) return conflict(`Version ${v.versionNumber} is approved and cannot change; edit the SOP to start a new version`, 'stale_version');
  if (v.latestVersionId !== v.versionId) return conflict(`Version ${v.versionNumber} has been superseded; add files to the latest version`, 'stale_version');
  return isAwaitingDecision(v.status) ? conflict(FILES_UNDER_REVIEW, 'under_review') : null;
}

/** '1.0' -> '1.1', skipping numbers already taken; unparseable -> the next whole number after the count of versions. */
export function nextVersionNumber(latest: string | undefined, existing: readonly string[]): string {
  const taken = new Set(existing);
  const match = latest?.match(/^(\d+)\.(\d+)$/);
  let major = match ? Number(match[1]) : existing.length + 1;
  let minor = match ? Number(match[2]) + 1 : 0;
  while (taken.has(`${major}.${minor}`)) {
    if (match) minor += 1;
    else major += 1;
  }
  return `${major}.${minor}`;
}

// ---- Periodic review (the clock itself: review-clock.ts) and the standing of each version ----

/** A review confirms the version in force: without one there is nothing to confirm. */
export function refuseReviewConfirm(actor: Actor | null | undefined, sop: { effectiveVersionId: number | null }): Refusal | null {
  const refused = refuseActor(actor, 'confirmReview');
  if (refused) return refused;
  return sop.effectiveVersionId
    ? null
    : conflict('This SOP has no approved version in force; a periodic review confirms the version in force', 'not_published');
}

/**
 * What a version is to a reader: the one `in_force` (the newest approved), an approved one
 * since `superseded` by a newer approval, the latest one sent back with `changes_requested`,
 * one `submitted` for approval and not approved, or a `draft` never submitted. A submitted
 * version is never called a draft.
 */
export type VersionStanding = 'in_force' | 'superseded' | 'changes_requested' | 'submitted' | 'draft';
export function versionStanding(
  version: { id: number; isPublished: boolean; submittedAt?: string | Date | null },
  effectiveVersionId: number | null,
  sop?: { latestVersionId: number | null; status: SopStatus },
): VersionStanding {
  if (!version.isPublished) {
    if (sop?.latestVersionId === version.id && sop.status === CHANGES_REQUESTED_STATUS) return 'changes_requested';
    return version.submittedAt ? 'submitted' : 'draft';
  }
  return version.id === effectiveVersionId ? 'in_force' : 'superseded';
}
