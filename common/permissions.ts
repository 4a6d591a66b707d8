import { ROLES, type Role } from './roles';

/**
 * Who may do what. The server checks the role part on each route (`config.access`) and the
 * resource part in the services through common/sop-lifecycle.ts; the client reads the same
 * table only to hide controls a user could not use. What a ship's copy does with each action
 * is ON_SHIP, below.
 *
 * - `yes` / `no`: by role alone.
 * - `owner`: only on a resource the actor owns.
 * - `not-submitter`: only on a version the actor did not submit.
 */
export type Rule = 'yes' | 'no' | 'owner' | 'not-submitter';

export const PERMISSIONS = {
  /** Signing in and out. Its routes are public (nobody need be signed in): they name it for the ship's sake (ON_SHIP). */
  session: { admin: 'yes', approver: 'yes', user: 'yes' },
  /** One's own account as it stands: passkeys, e-mail address, which notifications come by e-mail. */
  'account.read': { admin: 'yes', approver: 'yes', user: 'yes' },
  /** Changing one's own password. */
  'account.password': { admin: 'yes', approver: 'yes', user: 'yes' },
  /** Adding and removing one's own passkeys. */
  'account.passkeys': { admin: 'yes', approver: 'yes', user: 'yes' },
  /** One's own e-mail: asking for the confirmation link, choosing which notifications come by e-mail. */
  'account.email': { admin: 'yes', approver: 'yes', user: 'yes' },
  /** Signing one decision, attestation or withdrawal with one's own passkey: its challenge. */
  'account.sign': { admin: 'yes', approver: 'yes', user: 'yes' },
  /** One's own interface language. */
  'account.language': { admin: 'yes', approver: 'yes', user: 'yes' },
  'sop.read': { admin: 'yes', approver: 'yes', user: 'yes' },
  /** One's own reading of a version: the files one opened, and the attestation that one read it. */
  'sop.attest': { admin: 'yes', approver: 'yes', user: 'yes' },
  /**
   * Every version of every SOP: drafts, submissions, superseded files and confidential SOPs
   * outside one's audience. Without it a reader sees the version in force of each SOP that
   * has one (confidential ones within their audience) and every version of the SOPs they own.
   */
  'sop.read.unreleased': { admin: 'yes', approver: 'yes', user: 'no' },
  'sop.create': { admin: 'yes', approver: 'yes', user: 'yes' },
  'sop.edit': { admin: 'yes', approver: 'yes', user: 'owner' },
  'sop.submit': { admin: 'yes', approver: 'yes', user: 'owner' },
  /** Only a draft never approved; the owner's own, or any as an admin (sop-lifecycle.ts refuses the rest). */
  'sop.delete': { admin: 'yes', approver: 'owner', user: 'owner' },
  /** An SOP that has had a version in force is withdrawn with a reason, never deleted. */
  'sop.withdraw': { admin: 'yes', approver: 'yes', user: 'no' },
  'sop.email': { admin: 'yes', approver: 'yes', user: 'no' },
  'sop.review.confirm': { admin: 'yes', approver: 'yes', user: 'no' },
  /** A version's review thread (comments between reviewers and the author). */
  'sop.review.comment': { admin: 'yes', approver: 'yes', user: 'owner' },
  /** Adding a translation of a version (translations.ts): the SOP's owner, approvers and admins. */
  'translation.add': { admin: 'yes', approver: 'yes', user: 'owner' },
  /** Approving a translation; never one's own (translation-rules.ts). */
  'translation.approve': { admin: 'yes', approver: 'yes', user: 'no' },
  'approval.list': { admin: 'yes', approver: 'yes', user: 'no' },
  'approval.decide': { admin: 'yes', approver: 'not-submitter', user: 'no' },
  /** One's own absence and its delegate, who decides one's approval tasks meanwhile. */
  'account.absence': { admin: 'yes', approver: 'yes', user: 'no' },
  /** Who has read the version in force, per SOP and department (required reading). */
  'compliance.read': { admin: 'yes', approver: 'yes', user: 'no' },
  /** 'Remind' a person, or everyone in a department, of the reading they have not done (once a day per person). */
  'compliance.remind': { admin: 'yes', approver: 'yes', user: 'no' },
  'files.read': { admin: 'yes', approver: 'yes', user: 'yes' },
  /** Asking the server to make a file's missing preview (reading one that exists is `files.read`). */
  'files.preview': { admin: 'yes', approver: 'yes', user: 'yes' },
  'files.manage': { admin: 'yes', approver: 'no', user: 'no' },
  'users.manage': { admin: 'yes', approver: 'no', user: 'no' },
  'departments.manage': { admin: 'yes', approver: 'no', user: 'no' },
  /** SOP templates: writing them. Anyone who may create an SOP reads them (`sop.create`). */
  'templates.manage': { admin: 'yes', approver: 'no', user: 'no' },
  /** Manuals: creating one and arranging its chapters and sections. Anyone who reads SOPs reads them (`sop.read`). */
  'manuals.manage': { admin: 'yes', approver: 'yes', user: 'no' },
  /** Starting a manual's controlled copy made in the background (reading the copy is `files.read`). */
  'manuals.copy': { admin: 'yes', approver: 'yes', user: 'yes' },
  /** Fleet circulars: drafting one (numbered at once), reviewed and issued as an SOP version is. Everyone reads the register (`sop.read`). */
  'circulars.issue': { admin: 'yes', approver: 'yes', user: 'no' },
  /** A vessel's acknowledgement that a circular was received, made on board by its master (an approver there). */
  'circulars.acknowledge': { admin: 'yes', approver: 'yes', user: 'no' },
  /** Suggesting a change on an SOP version one reads in force (decision 079), ashore or on board. */
  'suggestions.make': { admin: 'yes', approver: 'yes', user: 'yes' },
  /** Accepting, declining or marking done a suggestion: the SOP's owner, approvers and administrators. */
  'suggestions.triage': { admin: 'yes', approver: 'yes', user: 'owner' },
  /** The master's review (decision 080): reading a vessel's reviews (on board: its own vessel's). */
  'reviews.read': { admin: 'yes', approver: 'yes', user: 'no' },
  /** Filling and signing the review on board: the master, an approver (or administrator) assigned to the vessel. */
  'reviews.fill': { admin: 'yes', approver: 'yes', user: 'no' },
  /** Answering the findings of a signed review, at the office. */
  'reviews.answer': { admin: 'yes', approver: 'yes', user: 'no' },
  /** Keeping the review template. */
  'reviews.template': { admin: 'yes', approver: 'no', user: 'no' },
  'audit.read': { admin: 'yes', approver: 'no', user: 'no' },
  'storage.read': { admin: 'yes', approver: 'no', user: 'no' },
  'settings.manage': { admin: 'yes', approver: 'no', user: 'no' },
  /** The server's own backups: how they went. */
  'backups.read': { admin: 'yes', approver: 'no', user: 'no' },
  /** 'Back up now'; and whoever may is told when a backup fails. */
  'backups.manage': { admin: 'yes', approver: 'no', user: 'no' },
  /** The vessel register and what each ship holds. */
  'fleet.read': { admin: 'yes', approver: 'yes', user: 'no' },
  'vessels.manage': { admin: 'yes', approver: 'no', user: 'no' },
  /** A vessel's inspection pack (decision 082): on board, the ship's own. */
  'fleet.inspection': { admin: 'yes', approver: 'yes', user: 'no' },
} as const satisfies Record<string, Record<Role, Rule>>;

export type Action = keyof typeof PERMISSIONS;

/**
 * What a ship's copy does with each action. The office owns every record but what happens on
 * board, so a ship makes only the writes whose action is `yes` here; the server answers every
 * other write there 409 `office_only` (server/src/http/access.ts decides it from this table by
 * the route's `config.access`), and on a ship `can()` refuses every action that is `no`.
 *
 * - `yes`: happens on board, writes included: the only writes a ship makes.
 * - `read`: reading the ship's copy. No write names such an action (the app does not start):
 *   a write has an action of its own, so the screens never offer what a ship refuses.
 * - `no`: the office's alone, or known ashore only; on a ship the screens offer none of it.
 */
export type ShipRule = 'yes' | 'read' | 'no';

export const ON_SHIP = {
  session: 'yes',
  'account.read': 'read',
  // The account belongs to the office: it changes ashore and reaches the ship with the next update.
  'account.password': 'no',
  'account.passkeys': 'no',
  'account.email': 'no',
  'account.language': 'no',
  // Attesting on board may be signed with a passkey.
  'account.sign': 'yes',
  'sop.read': 'read',
  'sop.attest': 'yes',
  'sop.read.unreleased': 'read',
  'sop.create': 'no',
  'sop.edit': 'no',
  'sop.submit': 'no',
  'sop.delete': 'no',
  'sop.withdraw': 'no',
  'sop.email': 'no',
  'sop.review.confirm': 'no',
  'sop.review.comment': 'no',
  // Translations are added and approved at the office, like the versions they translate.
  'translation.add': 'no',
  'translation.approve': 'no',
  // Approval tasks never travel to a ship.
  'approval.list': 'no',
  'approval.decide': 'no',
  'account.absence': 'no',
  'compliance.read': 'read',
  // Reminders go out from the office, which knows every reader and sends the mail.
  'compliance.remind': 'no',
  'files.read': 'read',
  // A ship makes its previews itself, from the files it receives.
  'files.preview': 'no',
  'files.manage': 'no',
  'users.manage': 'no',
  'departments.manage': 'no',
  'templates.manage': 'no',
  'manuals.manage': 'no',
  // Manuals are kept at the office and do not travel to ships yet: there is none to copy on board.
  'manuals.copy': 'no',
  // Circulars are written and issued ashore; their receipt is acknowledged on board, for the vessel.
  'circulars.issue': 'no',
  'circulars.acknowledge': 'yes',
  // A suggestion made on board travels ashore like an attestation; it is triaged at the office.
  'suggestions.make': 'yes',
  'suggestions.triage': 'no',
  // The master fills and signs the review on board; the office answers its findings and keeps the template.
  'reviews.read': 'read',
  'reviews.fill': 'yes',
  'reviews.answer': 'no',
  'reviews.template': 'no',
  'audit.read': 'read',
  'storage.read': 'read',
  'settings.manage': 'no',
  'backups.read': 'read',
  'backups.manage': 'no',
  // What each ship holds is known ashore only.
  'fleet.read': 'no',
  'vessels.manage': 'no',
  // A ship makes its own pack from its own records, with or without its link.
  'fleet.inspection': 'read',
} as const satisfies Record<Action, ShipRule>;

/** Whether a ship makes a write with this action (none without one: a write is the office's unless its action says otherwise). */
export const shipWrites = (action: Action | undefined): boolean => action !== undefined && ON_SHIP[action] === 'yes';

export interface Actor {
  id: number;
  role: Role;
  /**
   * Signed in on a ship's copy: the screens offer none of the actions the office keeps (ON_SHIP).
   */
  onShip?: boolean;
}

const refusedOnShip = (actor: Actor, action: Action) => actor.onShip === true && ON_SHIP[action] === 'no';

export interface Resource {
  ownerId?: number | null;
  submittedBy?: number | null;
}

/**
 * Whether the role may ever do this: a rule that needs the resource (owner, submitter) counts,
 * since only the service can decide it. Routes check this before reading any input.
 */
export function roleMay(actor: Actor | null | undefined, action: Action): boolean {
  return actor != null && PERMISSIONS[action][actor.role] !== 'no' && !refusedOnShip(actor, action);
}

/** The roles for which the action is not refused outright. */
export function rolesThatMay(action: Action): Role[] {
  return ROLES.filter((role) => PERMISSIONS[action][role] !== 'no');
}

/** The roles that run the system: at least one active account of these must remain. */
export const ADMINISTRATOR_ROLES = rolesThatMay('users.manage');

export function can(actor: Actor | null | undefined, action: Action, resource?: Resource): boolean {
  if (!actor || refusedOnShip(actor, action)) return false;
  const rule: Rule = PERMISSIONS[action][actor.role];
  switch (rule) {
    case 'yes':
      return true;
    case 'no':
      return false;
    case 'owner':
      return resource?.ownerId != null && resource.ownerId === actor.id;
    case 'not-submitter':
      return resource?.submittedBy == null || resource.submittedBy !== actor.id;
  }
}
