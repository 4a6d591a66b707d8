import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SopListItem } from '../../../../common/contracts/sops';
import type { SopStatus } from '../../../../common/statuses';
import type { Db } from '../../db/client';
import { departments, sopVersions, sops, users } from '../../db/schema';
import { iso, isoOrNull } from './sop-mappers';
import { searchCondition } from './sop-search';

const latest = alias(sopVersions, 'latest');
const owner = alias(users, 'owner');
const submitter = alias(users, 'submitter');

export interface ListFilters {
  departmentId?: number;
  status?: SopStatus | 'all';
  search?: string;
}

/**
 * GET /api/sops in one query: the SOP row, its department, owner and latest version
 * summary (attachment count, first attachment, submitter), whether any version is
 * published and the pending task. No content and no blobs leave the database here.
 */
export async function listSops(db: Db, filters: ListFilters = {}): Promise<SopListItem[]> {
  const conditions: SQL[] = [];
  if (filters.departmentId) {
    // A division's own SOPs and those of its departments.
    conditions.push(sql`${sops.departmentId} in (select id from departments where id = ${filters.departmentId} or parent_id = ${filters.departmentId})`);
  }
  if (filters.status && filters.status !== 'all') conditions.push(eq(sops.status, filters.status));
  const search = searchCondition(filters.search);
  if (search) conditions.push(search.where);

  const rows = await db
    .select({
      id: sops.id,
      title: sops.title,
      departmentId: sops.departmentId,
      category: sops.category,
      summary: sops.summary,
      tags: sops.tags,
      ownerId: sops.ownerId,
      status: sops.status,
      latestVersionId: sops.latestVersionId,
      reviewFrequency: sops.reviewFrequency,
      isConfidential: sops.isConfidential,
      createdAt: sops.createdAt,
      updatedAt: sops.updatedAt,
      departmentName: departments.name,
      ownerFirstName: owner.firstName,
      ownerLastName: owner.lastName,
      ownerExists: sql<boolean>`${owner.id} is not null`,
      latestId: latest.id,
      latestNumber: latest.versionNumber,
      latestPublished: latest.isPublished,
      latestSubmittedAt: latest.submittedAt,
      latestApprovedAt: latest.approvedAt,
      latestCreatedAt: latest.createdAt,
      submitterExists: sql<boolean>`${submitter.id} is not null`,
      submitterFirstName: submitter.firstName,
      submitterLastName: submitter.lastName,
      attachmentCount: sql<number>`(select count(*)::int from attachments a where a.version_id = ${latest.id})`,
      firstAttachmentId: sql<number | null>`(select min(a.id) from attachments a where a.version_id = ${latest.id})`,
      hasPublishedVersion: sql<boolean>`exists (select 1 from sop_versions pv where pv.sop_id = ${sops.id} and pv.is_published)`,
      pendingTaskId: sql<number | null>`(select min(t.id) from approval_tasks t where t.version_id = ${latest.id} and t.status = 'pending')`,
    })
    .from(sops)
    .leftJoin(departments, eq(departments.id, sops.departmentId))
    .leftJoin(owner, eq(owner.id, sops.ownerId))
    .leftJoin(latest, eq(latest.id, sops.latestVersionId))
    .leftJoin(submitter, eq(submitter.id, latest.submittedBy))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(...(search ? [desc(search.rank)] : []), desc(sops.updatedAt), desc(sops.id));

  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    departmentId: r.departmentId,
    category: r.category,
    summary: r.summary,
    tags: r.tags,
    ownerId: r.ownerId,
    status: r.status,
    latestVersionId: r.latestVersionId,
    reviewFrequency: r.reviewFrequency,
    isConfidential: r.isConfidential,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    department: r.departmentName != null ? { name: r.departmentName } : null,
    owner: r.ownerExists ? { firstName: r.ownerFirstName, lastName: r.ownerLastName } : null,
    latestVersion:
      r.latestId != null
        ? {
            id: r.latestId,
            versionNumber: r.latestNumber!,
            isPublished: r.latestPublished!,
            submittedAt: isoOrNull(r.latestSubmittedAt),
            approvedAt: isoOrNull(r.latestApprovedAt),
            createdAt: iso(r.latestCreatedAt!),
            attachmentCount: Number(r.attachmentCount),
            firstAttachmentId: r.firstAttachmentId != null ? Number(r.firstAttachmentId) : null,
            submittedByUser: r.submitterExists ? { firstName: r.submitterFirstName, lastName: r.submitterLastName } : null,
          }
        : null,
    hasPublishedVersion: Boolean(r.hasPublishedVersion),
    pendingTaskId: r.pendingTaskId != null ? Number(r.pendingTaskId) : null,
  }));
}
