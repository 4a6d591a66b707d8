import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditFieldChange } from '../../../../common/contracts/audit';
import type { HistorySignature, SopHistory } from '../../../../common/contracts/review-loop';
import type { SignatureMethod } from '../../../../common/contracts/signatures';
import type { RevisionClass } from '../../../../common/revision-classes';
import type { Db } from '../../db/client';
import { findSopForAccess } from './sop-detail.service';
import { assertSopVisible, eventVersionId, eventVisible, type SopView } from './sop-visibility.service';

interface HistoryRow {
  id: number;
  action: string;
  at: string;
  first_name: string | null;
  last_name: string | null;
  has_actor: boolean;
  version_id: number | null;
  version_number: string | null;
  comments: string | null;
  revision_class: RevisionClass | null;
  absent_first_name: string | null;
  absent_last_name: string | null;
  has_absent: boolean;
  sig_meaning: HistorySignature['meaning'] | null;
  sig_step: string | null;
  sig_method: SignatureMethod | null;
  sig_sha256: string | null;
  changes: AuditFieldChange[] | null;
  details_sha256: string | null;
}

/** The audit actions of a decision on a step: each has the signature of its actor on its task. */
const DECISIONS = sql.raw(`('sop_approved', 'sop_step_approved', 'sop_changes_requested', 'sop_rejected')`);

/**
 * GET /api/sops/{id}/history: every event the audit trail holds for the SOP, newest first
 * (creation, edits, versions, files, submissions, decisions with their comments, periodic
 * reviews) that the view may see, each decision and signed attestation with its signature. The version is the one the event names (`eventVersionId`).
 * Events in one transaction share a time, so the id orders them.
 */
export async function getSopHistory(db: Db, view: SopView, sopId: number): Promise<z.output<typeof SopHistory>> {
  await assertSopVisible(db, view, sopId);
  await findSopForAccess(db, sopId);
  const result = (await db.execute(sql`
    select e.id, e.action,
      to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
      u.first_name, u.last_name, u.id is not null as has_actor,
      v.id as version_id,
      coalesce(v.version_number, e.metadata->>'versionNumber') as version_number,
      e.metadata->>'comments' as comments,
      e.metadata->>'revisionClass' as revision_class,
      b.first_name as absent_first_name, b.last_name as absent_last_name, b.id is not null as has_absent,
      case when s.id is not null then s.meaning when a.signed then 'read_and_understood' end as sig_meaning,
      s.step_name as sig_step,
      case when s.id is not null then s.method when a.signed then e.metadata->>'signatureMethod' end as sig_method,
      case when s.id is not null then s.content_sha256 when a.signed then e.metadata->>'sha256' end as sig_sha256,
      case when e.action = 'sop_details_changed' then e.metadata->'changes' end as changes,
      case when e.action = 'sop_details_changed' then e.metadata->>'detailsSha256' end as details_sha256
    from audit_events e
    cross join lateral (select e.action = 'sop_attested' and e.metadata->>'signatureMethod' is not null as signed) a
    left join approval_signatures s on e.action in ${DECISIONS} and e.metadata->'taskId' = to_jsonb(s.task_id) and s.user_id = e.actor_id
    left join users u on u.id = e.actor_id
    left join users b on b.id = (e.metadata->>'onBehalfOfId')::int
    left join sop_versions v on v.sop_id = ${sopId} and v.id = ${eventVersionId(sql`${sopId}::int`)}
    where ((e.entity_type = 'sop' and e.entity_id = ${sopId})
       or (e.entity_type = 'attachment' and e.metadata->'sopId' = to_jsonb(${sopId}::int)))
      and ${eventVisible(view)}
    order by e.created_at desc, e.id desc`)) as unknown as { rows: HistoryRow[] };

  return result.rows.map((r) => ({
    id: r.id,
    action: r.action,
    at: new Date(r.at),
    actor: r.has_actor ? { firstName: r.first_name, lastName: r.last_name } : null,
    versionId: r.version_id,
    versionNumber: r.version_number,
    comments: r.comments,
    revisionClass: r.revision_class,
    onBehalfOf: r.has_absent ? { firstName: r.absent_first_name, lastName: r.absent_last_name } : null,
    signature: r.sig_meaning ? { meaning: r.sig_meaning, stepName: r.sig_step, method: r.sig_method, sha256: r.sig_sha256 } : null,
    changes: r.changes,
    detailsSha256: r.details_sha256,
  }));
}
