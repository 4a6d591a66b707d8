import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { CreateSuggestionInput, Suggestion, SuggestionQuery, SuggestionStatus, TriageSuggestionInput } from '../../../../common/contracts/suggestions';
import { can } from '../../../../common/permissions';
import type { Db } from '../../db/client';
import type { Rows } from '../../db/rows';
import { suggestions } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import type { FleetInstance } from '../fleet/instance.helper';
import { wakeJobRunners } from '../../jobs/job-queue';
import { iso } from '../reading/audience-filter.service';
import { inForceIdOf, sopVisible, viewOf } from '../sops/sop-visibility.service';
import { linkToDraft, mailAnswered, unlinkFromDraft } from './suggestion-versions.service';
import type { MailLinks } from '../mail/notify.service';

type Out = z.output<typeof Suggestion>;

const fullNameOf = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), ''), ${alias}.username)`);

/**
 * POST /api/sops/{id}/suggestions: on the version in force the caller reads (404 for an SOP they
 * may not see, as every SOP route; 409 for one with no version in force yet). On a ship's copy it
 * is marked with the vessel and the ship's planner sends it ashore (ship-plan.service.ts).
 */
export async function createSuggestion(
  db: Db,
  actor: SessionUser,
  instance: FleetInstance,
  sopId: number,
  input: z.output<typeof CreateSuggestionInput>,
): Promise<Out> {
  const id = await db.transaction(async (tx) => {
    const [sop] = (
      (await tx.execute(sql`select s.id, s.title, ${inForceIdOf('s')} as version_id from sops s
        where s.id = ${sopId} and ${sopVisible(viewOf(actor), 's')}`)) as unknown as Rows<{ id: number; title: string; version_id: number | null }>
    ).rows;
    if (!sop) throw notFound('SOP not found');
    if (sop.version_id === null) throw conflict('A change is suggested on a version in force; this SOP has none yet', 'not_published');
    return (await recordSuggestion(tx, {
      sopId,
      title: sop.title,
      versionId: sop.version_id,
      section: input.section,
      text: input.text,
      userId: actor.id,
      vesselCode: instance.kind === 'ship' ? instance.vessel : null,
    }))!;
  });
  const [made] = await listSuggestions(db, actor, instance, {}, id);
  return made;
}

/**
 * Keeps a suggestion and audits it (`suggestion_made`): made here, or received from a ship
 * (`shipRef`, its id on board, with the ship's time), which is taken once per vessel and ship id.
 * Answers its id, or null when that ship's suggestion was taken already.
 */
export async function recordSuggestion(
  tx: Db,
  s: {
    sopId: number;
    title: string;
    versionId: number;
    section: string | null;
    text: string;
    userId: number;
    vesselCode: string | null;
    shipRef?: number;
    at?: Date;
  },
): Promise<number | null> {
  const [row] = await tx
    .insert(suggestions)
    .values({
      sopId: s.sopId,
      versionId: s.versionId,
      section: s.section,
      text: s.text,
      userId: s.userId,
      vesselCode: s.vesselCode,
      shipRef: s.shipRef ?? null,
      ...(s.at ? { createdAt: s.at } : {}),
    })
    .onConflictDoNothing({ target: [suggestions.vesselCode, suggestions.shipRef] })
    .returning({ id: suggestions.id });
  if (!row) return null;
  await recordAudit(tx, {
    actorId: s.userId,
    action: 'suggestion_made',
    entityType: 'sop',
    entityId: s.sopId,
    metadata: { title: s.title, suggestionId: row.id, versionId: s.versionId, ...(s.vesselCode ? { vessel: s.vesselCode } : {}) },
  });
  return row.id;
}

/** Which suggestions the actor sees: approvers and admins every one; others their own and those on SOPs they own. */
function scopeOf(actor: SessionUser) {
  if (can(actor, 'sop.read.unreleased')) return sql`true`;
  return sql`(g.user_id = ${actor.id} or s.owner_id = ${actor.id})`;
}

/** GET /api/suggestions: newest first, filtered by status, SOP and vessel. */
export async function listSuggestions(
  db: Db,
  actor: SessionUser,
  instance: FleetInstance,
  query: z.output<typeof SuggestionQuery>,
  onlyId?: number,
): Promise<Out[]> {
  const filters = [scopeOf(actor)];
  if (query.status) filters.push(sql`g.status = ${query.status}`);
  if (query.sopId) filters.push(sql`g.sop_id = ${query.sopId}`);
  if (query.vessel) filters.push(sql`g.vessel_code = ${query.vessel}`);
  if (onlyId !== undefined) filters.push(sql`g.id = ${onlyId}`);
  const { rows } = (await db.execute(sql`
    select g.id, g.sop_id, s.title, s.owner_id, v.version_number, g.section, g.text, g.status, g.reply, g.vessel_code,
      ${iso(sql`g.created_at`)} as created_at, ${iso(sql`g.triaged_at`)} as triaged_at, lv.version_number as linked_version,
      coalesce(${fullNameOf('u')}, '') as suggested_by, ${fullNameOf('tu')} as triaged_by
    from suggestions g join sops s on s.id = g.sop_id join sop_versions v on v.id = g.version_id
    left join sop_versions lv on lv.id = g.linked_version_id
    left join users u on u.id = g.user_id left join users tu on tu.id = g.triaged_by
    where ${sql.join(filters, sql` and `)}
    order by g.created_at desc, g.id desc
    limit 2000`)) as unknown as Rows<{
    id: number;
    sop_id: number;
    title: string;
    owner_id: number | null;
    version_number: string;
    section: string | null;
    text: string;
    status: SuggestionStatus;
    reply: string | null;
    vessel_code: string | null;
    created_at: string;
    triaged_at: string | null;
    linked_version: string | null;
    suggested_by: string;
    triaged_by: string | null;
  }>;
  const office = instance.kind === 'office';
  return rows.map((r) => ({
    id: r.id,
    sopId: r.sop_id,
    sopTitle: r.title,
    versionNumber: r.version_number,
    section: r.section,
    text: r.text,
    status: r.status,
    reply: r.reply,
    suggestedBy: r.suggested_by,
    vesselCode: r.vessel_code,
    createdAt: new Date(r.created_at),
    triagedBy: r.triaged_by,
    triagedAt: r.triaged_at ? new Date(r.triaged_at) : null,
    linkedVersionNumber: r.linked_version,
    canTriage: office && r.status !== 'done' && can(actor, 'suggestions.triage', { ownerId: r.owner_id }),
  }));
}

/**
 * PUT /api/suggestions/{id}: the SOP's owner, an approver or an administrator answers it. Accepted
 * links it to the SOP's draft when one is being written (and its changelog lists it), else to the
 * next version drafted; declined needs a reply (the contract refuses it without one); done is
 * final. The suggester is told by the bell and by mail.
 */
export async function triageSuggestion(
  db: Db,
  actor: SessionUser,
  instance: FleetInstance,
  id: number,
  input: z.output<typeof TriageSuggestionInput>,
  links: MailLinks,
): Promise<Out> {
  await db.transaction(async (tx) => {
    const [found] = (
      (await tx.execute(sql`select g.id, g.status, g.user_id, g.sop_id, g.linked_version_id, s.title, s.owner_id
        from suggestions g join sops s on s.id = g.sop_id where g.id = ${id} for update of g`)) as unknown as Rows<{
        id: number;
        status: SuggestionStatus;
        user_id: number | null;
        sop_id: number;
        linked_version_id: number | null;
        title: string;
        owner_id: number | null;
      }>
    ).rows;
    // A suggestion the caller cannot see is not there for them; one they see but may not answer is 403.
    if (!found || !(can(actor, 'sop.read.unreleased') || found.user_id === actor.id || found.owner_id === actor.id)) throw notFound('Suggestion not found');
    if (!can(actor, 'suggestions.triage', { ownerId: found.owner_id }))
      throw forbidden("Only the SOP's owner, an approver or an administrator answers a suggestion");
    if (found.status === 'done') throw conflict('This suggestion is done; it cannot change', 'conflict');
    let linkedVersionId = found.linked_version_id;
    if (input.status === 'accepted' && linkedVersionId === null) linkedVersionId = await linkToDraft(tx, found.sop_id, id);
    if (input.status === 'declined' && linkedVersionId !== null) linkedVersionId = await unlinkFromDraft(tx, linkedVersionId, id);
    await tx
      .update(suggestions)
      .set({ status: input.status, reply: input.reply, triagedBy: actor.id, triagedAt: new Date(), linkedVersionId })
      .where(eq(suggestions.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'suggestion_triaged',
      entityType: 'sop',
      entityId: found.sop_id,
      metadata: { title: found.title, suggestionId: id, status: input.status, from: found.status },
    });
    if (found.user_id !== null && found.user_id !== actor.id)
      await mailAnswered(tx, links, { userId: found.user_id, sopId: found.sop_id, title: found.title, status: input.status, reply: input.reply });
  });
  wakeJobRunners();
  const [answer] = await listSuggestions(db, actor, instance, {}, id);
  return answer;
}

export const SUGGESTION_CSV_HEADER = [
  'Id',
  'SOP',
  'Version read',
  'Section',
  'Suggestion',
  'Status',
  'Reply',
  'Suggested by',
  'Vessel',
  'Suggested at',
  'Answered by',
  'Answered at',
  'Taken up in version',
] as const;

export const suggestionCsvRows = (rows: Out[]) =>
  rows.map((r) => [
    r.id,
    r.sopTitle,
    r.versionNumber,
    r.section,
    r.text,
    r.status,
    r.reply,
    r.suggestedBy,
    r.vesselCode,
    r.createdAt.toISOString(),
    r.triagedBy,
    r.triagedAt?.toISOString() ?? null,
    r.linkedVersionNumber,
  ]);
