import type { PublicUser } from '@common/contracts/auth';
import type { Department } from '@common/contracts/departments';
import type { FleetStatus } from '@common/contracts/fleet';
import type { Position } from '@common/contracts/positions';
import type { AppSettings } from '@common/contracts/settings';
import type { SopDetail, SopListItem, SopVersion } from '@common/contracts/sops';
import type { AdminUser } from '@common/contracts/users';
import type { Role } from '@common/roles';

/**
 * Answers as the server sends them, for client tests to hand to their network handlers: each
 * with plain defaults, and what the test is about given over them.
 */

const AT = '2026-11-01T08:00:00.000Z';

/** GET /api/user for Ingrid Solberg (user 3), of this role: whom signedIn() signs in. */
export const ingrid = (role: Role): PublicUser => ({
  id: 3,
  username: 'ingrid',
  email: null,
  firstName: 'Ingrid',
  lastName: 'Solberg',
  profileImageUrl: null,
  role,
  departmentId: null,
  positionId: null,
  language: 'en',
  active: true,
  createdAt: AT,
  updatedAt: AT,
});

/** A row of GET /api/admin/users: Ines Berg (user 7, chief.mate), an approver of no department who may sign in on any vessel. */
export const chiefMate: AdminUser = {
  id: 7,
  username: 'chief.mate',
  email: 'chief@ship.example',
  firstName: 'Ines',
  lastName: 'Berg',
  profileImageUrl: null,
  role: 'approver',
  departmentId: null,
  positionId: null,
  language: 'en',
  active: true,
  createdAt: AT,
  updatedAt: AT,
  vesselCodes: [],
};

/** One row of GET /api/sops: a published SOP in force (v1.0) of department 2 (Deck). */
export function sopListItem(id: number, change: Partial<SopListItem> = {}): SopListItem {
  return {
    id,
    title: `Procedure ${id}`,
    departmentId: 2,
    category: null,
    summary: null,
    tags: [],
    ownerId: 1,
    status: 'published',
    latestVersionId: id * 10,
    reviewFrequency: null,
    readingDays: null,
    nextReviewDue: null,
    reviewStatus: null,
    isConfidential: false,
    vesselCodes: [],
    createdAt: AT,
    updatedAt: AT,
    department: { name: 'Deck' },
    owner: { firstName: 'Liam', lastName: 'Murphy' },
    latestVersion: null,
    hasPublishedVersion: true,
    inForce: { id: id * 10, versionNumber: '1.0', approvedAt: AT },
    pendingTaskId: null,
    withdrawal: null,
    ...change,
  };
}

/** A version of SOP `sopId` as GET /api/sops/{id} lists it: 1.0, a draft with no files, written by user 3. */
export function sopVersion(sopId: number, id: number, change: Partial<SopVersion> = {}): SopVersion {
  return {
    id,
    sopId,
    versionNumber: '1.0',
    content: `The steps of procedure ${sopId}.`,
    changelog: null,
    createdBy: 3,
    submittedBy: null,
    submittedAt: null,
    approvedBy: null,
    approvedAt: null,
    isPublished: false,
    createdAt: AT,
    revisionClass: 'major',
    attachments: [],
    submittedByUser: null,
    ...change,
  };
}

/** GET /api/sops/{id} as a reader receives it: the list row with its one version in force, 1.0 unless given. */
export function sopDetail(id: number, change: Partial<SopListItem> = {}, versionNumber = '1.0'): SopDetail {
  const version = sopVersion(id, id * 10, { versionNumber, isPublished: true });
  return { ...sopListItem(id, change), latestVersion: version, versions: [version], effectiveVersionId: version.id };
}

/** GET /api/departments: the division Marine (1) with its departments Deck (2) and Engine (3). */
export const departments: Department[] = [
  { id: 1, name: 'Marine', description: null, parentId: null, sopCount: 0, createdAt: AT, updatedAt: AT },
  { id: 2, name: 'Deck', description: null, parentId: 1, sopCount: 2, createdAt: AT, updatedAt: AT },
  { id: 3, name: 'Engine', description: null, parentId: 1, sopCount: 1, createdAt: AT, updatedAt: AT },
];

/** GET /api/positions: the Bosun (of Deck) and the Chief Engineer (of Engine). */
export const positions: Position[] = [
  { id: 4, name: 'Bosun', departmentId: 2, department: { name: 'Deck' }, holders: 1, createdAt: AT, updatedAt: AT },
  { id: 5, name: 'Chief Engineer', departmentId: 3, department: { name: 'Engine' }, holders: 0, createdAt: AT, updatedAt: AT },
];

/** GET /api/settings as a new installation answers it: no signatures required. */
export const settings: AppSettings = { registrationOpen: true, ssoCreatesAccounts: false, requireSignatures: false };

/** GET /api/fleet/status at the office, or on the ship Aurora: linked, nothing waiting. */
export const fleetStatus = (where: 'office' | 'ship'): FleetStatus => ({
  role: where,
  vessel: where === 'ship' ? { code: 'AURORA', name: 'Aurora' } : null,
  connected: true,
  lastContactAt: null,
  waiting: { toSend: 0 },
  problem: null,
  link: { state: 'connected', since: '2026-11-26T08:00:00.000Z', error: null },
});
