import type { QueryKey } from '@tanstack/react-query';
import type { SopStatus } from '@common/sop-lifecycle';
import type { ReviewFilter } from '@common/review-clock';

/** The SOP list's query string; empty values are left out of the URL. */
export interface SopListParams {
  departmentId?: number;
  status?: SopStatus;
  search?: string;
  review?: ReviewFilter;
  /** Only SOPs without any approved version (the server filters). */
  noApprovedVersion?: true;
  /** The archive: only withdrawn SOPs. */
  archive?: true;
}

/**
 * Every cached read has its key here and nowhere else. A key is the URL it reads, then an
 * optional params object that becomes the query string: the default query function fetches
 * it, and invalidating a key also refreshes every key that starts with it (all SOP lists,
 * every audit page). Features that change another feature's data invalidate these keys
 * instead of spelling the URL again.
 */
export const queryKeys = {
  currentUser: () => ['/api/user'] as const,
  /** Public settings: the sign-in screen and the Admin page read the same entry. */
  settings: () => ['/api/settings'] as const,
  /** One list for every screen (SOP filters and forms, Admin), so one invalidation refreshes all. */
  departments: () => ['/api/departments'] as const,
  positions: () => ['/api/positions'] as const,
  sops: {
    lists: () => ['/api/sops'] as const,
    list: (params: SopListParams) => ['/api/sops', params] as const,
    detail: (id: number) => [`/api/sops/${id}`] as const,
    history: (id: number) => [`/api/sops/${id}/history`] as const,
    /** Every comparison of the SOP's versions (their files can still change on a draft). */
    comparisons: (id: number) => [`/api/sops/${id}/compare`] as const,
    compare: (id: number, versions: { from: number; to: number }) => [`/api/sops/${id}/compare`, versions] as const,
    /** On a ship: its newer version still crossing the link, and how much of it is on board. */
    arriving: (id: number) => [`/api/sops/${id}/arriving`] as const,
  },
  approvals: {
    pending: () => ['/api/approvals'] as const,
    attestations: (versionId: number) => [`/api/sop-versions/${versionId}/attestations`] as const,
    /** A version's review thread. */
    comments: (versionId: number) => [`/api/sop-versions/${versionId}/comments`] as const,
    /** The active approvers and admins (review steps, co-approvers). */
    approvers: () => ['/api/approvers'] as const,
    /** A department's own review route and the one its submissions follow. */
    route: (departmentId: number) => [`/api/departments/${departmentId}/approval-route`] as const,
  },
  /** The caller's absence and who has named them delegate. */
  absence: () => ['/api/account/absence'] as const,
  /** The caller's own passkeys (signing with a passkey). */
  passkeys: () => ['/api/account/passkeys'] as const,
  /** Required reading: the caller's list and one SOP as the caller must read it. */
  reading: {
    mine: () => ['/api/reading'] as const,
    sop: (id: number) => [`/api/sops/${id}/reading`] as const,
    /** The version in force against the one the caller attested, or the one in force before. */
    changes: (id: number) => [`/api/sops/${id}/reading/changes`] as const,
  },
  /** Who has read the versions in force (approvers and admins). */
  compliance: {
    lists: () => ['/api/compliance'] as const,
    list: (params: { departmentId?: number }) => ['/api/compliance', params] as const,
    /** Every department's people view. */
    everyone: () => ['/api/compliance/people'] as const,
    people: (departmentId: number) => ['/api/compliance/people', { departmentId }] as const,
    /** Who is behind: the whole fleet, or the people of one vessel. */
    behind: (params: { vesselCode?: string }) => ['/api/compliance/behind', params] as const,
    everyoneBehind: () => ['/api/compliance/behind'] as const,
    vessels: () => ['/api/compliance/vessels'] as const,
    sop: (id: number) => [`/api/sops/${id}/compliance`] as const,
  },
  notifications: () => ['/api/notifications'] as const,
  /** This instance (office or ship) and its link; the office's vessel register and what each ship holds. */
  fleet: {
    status: () => ['/api/fleet/status'] as const,
    vessels: () => ['/api/fleet/vessels'] as const,
    documents: (code: string) => [`/api/fleet/vessels/${encodeURIComponent(code)}/documents`] as const,
    setAside: (code: string) => [`/api/fleet/vessels/${encodeURIComponent(code)}/set-aside`] as const,
  },
  dashboard: {
    stats: () => ['/api/dashboard/stats'] as const,
    activity: () => ['/api/dashboard/activity'] as const,
  },
  dailyPrograms: {
    hierarchy: () => ['/api/daily-programs/hierarchy'] as const,
  },
  itineraries: {
    list: () => ['/api/itineraries'] as const,
    table: (id: number) => [`/api/itineraries/${id}/table`] as const,
  },
  mail: () => ['/api/mail'] as const,
  /** The signed-in person's notification e-mail switches (My Account). */
  notificationPreferences: () => ['/api/account/notification-preferences'] as const,
  /** Whether the signed-in person's address is confirmed, and whether a link can be mailed (My Account). */
  emailVerification: () => ['/api/account/email-verification'] as const,
  /** Whether sign-in through the company's identity provider is offered (public). */
  sso: () => ['/api/auth/sso'] as const,
  /** SOP templates: the create form starts from them; admins keep them. */
  templates: () => ['/api/templates'] as const,
  /** The master's review template: admins keep it at the office; a ship's reviews start from it. */
  reviewTemplate: () => ['/api/review-template'] as const,
  admin: {
    users: () => ['/api/admin/users'] as const,
    /** The identity-provider accounts linked to one account (single sign-on). */
    ssoIdentities: (userId: number) => [`/api/admin/users/${userId}/sso-identity`] as const,
    storage: () => ['/api/admin/storage'] as const,
    overview: () => ['/api/admin/overview'] as const,
    backups: () => ['/api/admin/backups'] as const,
  },
  audit: {
    all: () => ['/api/audit'] as const,
    /** The newest administrators' actions, for the Admin page's card. */
    latestAdmin: (limit: number) => ['/api/audit', { limit, scope: 'admin' }] as const,
    /** The Audit Log screen's pages for one set of filters (paged by `before`). */
    log: (filters: Record<string, string | number | undefined>) => ['/api/audit', 'log', filters] as const,
    facets: () => ['/api/audit/facets'] as const,
    /** The hash chain's last verification (the Audit Trail card). */
    verification: () => ['/api/audit/verification'] as const,
  },
  /** Not a URL: what the offline copies of this browser hold for the user (offline/offline-copies.ts). */
  offlineCopies: () => ['offline-copies'] as const,
  /** Not a URL: preview images are fetched by their own loader (it may ask the server to make one). */
  attachmentPreview: (attachmentId: number) => ['attachment-preview', attachmentId] as const,
};

/**
 * Every read an attestation of the version changes: its attestations, the activity feed, the
 * bell, the reader's list and the compliance counts, and, when known, the SOP's own reading
 * and compliance panels.
 */
export function attestationChangeKeys(versionId: number, sopId?: number): QueryKey[] {
  return [
    queryKeys.approvals.attestations(versionId),
    queryKeys.dashboard.activity(),
    queryKeys.notifications(),
    queryKeys.reading.mine(),
    queryKeys.compliance.lists(),
    queryKeys.compliance.everyone(),
    queryKeys.compliance.everyoneBehind(),
    queryKeys.compliance.vessels(),
    // On a ship: what waits to be sent to the office.
    queryKeys.fleet.status(),
    ...(sopId === undefined ? [] : [queryKeys.reading.sop(sopId), queryKeys.compliance.sop(sopId)]),
  ];
}
