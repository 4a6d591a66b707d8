import { ROLES, type Role } from './roles';

/**
 * Who may do what. The server checks the role part on each route (`config.access`) and the
 * resource part in the services through common/sop-lifecycle.ts; the client reads the same
 * table only to hide controls a user could not use.
 *
 * - `yes` / `no`: by role alone.
 * - `owner`: only on a resource the actor owns.
 * - `not-submitter`: only on a version the actor did not submit.
 */
export type Rule = 'yes' | 'no' | 'owner' | 'not-submitter';

export const PERMISSIONS = {
  /** One's own account (the password change); every signed-in person. */
  'account.manage': { admin: 'yes', approver: 'yes', user: 'yes' },
  'sop.read': { admin: 'yes', approver: 'yes', user: 'yes' },
  /**
   * Every version of every SOP: drafts, submissions, superseded files and confidential SOPs
   * outside one's audience. Without it a reader sees the version in force of each SOP that
   * has one (confidential ones within their audience) and every version of the SOPs they own.
   */
  'sop.read.unreleased': { admin: 'yes', approver: 'yes', user: 'no' },
  'sop.create': { admin: 'yes', approver: 'yes', user: 'yes' },
  'sop.edit': { admin: 'yes', approver: 'yes', user: 'owner' },
  'sop.submit': { admin: 'yes', approver: 'yes', user: 'owner' },
  'sop.delete': { admin: 'yes', approver: 'yes', user: 'no' },
  'sop.email': { admin: 'yes', approver: 'yes', user: 'no' },
  'sop.review.confirm': { admin: 'yes', approver: 'yes', user: 'no' },
  /** A version's review thread (comments between reviewers and the author). */
  'sop.review.comment': { admin: 'yes', approver: 'yes', user: 'owner' },
  'approval.list': { admin: 'yes', approver: 'yes', user: 'no' },
  'approval.decide': { admin: 'yes', approver: 'not-submitter', user: 'no' },
  /** One's own absence and its delegate, who decides one's approval tasks meanwhile. */
  'account.absence': { admin: 'yes', approver: 'yes', user: 'no' },
  /** Who has read the version in force, per SOP and department (required reading). */
  'compliance.read': { admin: 'yes', approver: 'yes', user: 'no' },
  'files.read': { admin: 'yes', approver: 'yes', user: 'yes' },
  'files.manage': { admin: 'yes', approver: 'no', user: 'no' },
  'users.manage': { admin: 'yes', approver: 'no', user: 'no' },
  'departments.manage': { admin: 'yes', approver: 'no', user: 'no' },
  /** SOP templates: writing them. Anyone who may create an SOP reads them (`sop.create`). */
  'templates.manage': { admin: 'yes', approver: 'no', user: 'no' },
  'audit.read': { admin: 'yes', approver: 'no', user: 'no' },
  'storage.read': { admin: 'yes', approver: 'no', user: 'no' },
  'settings.manage': { admin: 'yes', approver: 'no', user: 'no' },
  /** The server's own backups: how they went, and 'Back up now'. */
  'backups.manage': { admin: 'yes', approver: 'no', user: 'no' },
  /** The vessel register and what each ship holds. */
  'fleet.read': { admin: 'yes', approver: 'yes', user: 'no' },
  'vessels.manage': { admin: 'yes', approver: 'no', user: 'no' },
} as const satisfies Record<string, Record<Role, Rule>>;

export type Action = keyof typeof PERMISSIONS;

export interface Actor {
  id: number;
  role: Role;
  /**
   * Signed in on a ship's copy: the office owns every record but what happens on board, so
   * the screens offer none of the office-owned actions (the server answers them 409 office_only).
   */
  onShip?: boolean;
}

/** What changes office-owned data, or only exists ashore (approval tasks never travel to a ship). */
export const OFFICE_OWNED: ReadonlySet<Action> = new Set<Action>([
  'sop.create',
  'sop.edit',
  'sop.submit',
  'sop.delete',
  'sop.email',
  'sop.review.confirm',
  'sop.review.comment',
  'approval.list',
  'approval.decide',
  'account.absence',
  'files.manage',
  'users.manage',
  'departments.manage',
  'templates.manage',
  'settings.manage',
  'vessels.manage',
  // What each ship holds is known ashore only.
  'fleet.read',
]);

const refusedOnShip = (actor: Actor, action: Action) => actor.onShip === true && OFFICE_OWNED.has(action);

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
