/**
 * The inspection pack (decision 082): one vessel's evidence for port state control, the flag or
 * an auditor, gathered from the records the app already keeps, only from this instance's own
 * database (a ship with its link down makes it as well as the office).
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { InspectionPack, PackDocument, PackMasterReview, PackSignature, PackSuggestion } from '../../../../common/contracts/inspection';
import { SIGNATURE_MEANING_LABELS, type SignedMeaning } from '../../../../common/signature-meanings';
import type { Db } from '../../db/client';
import type { Rows } from '../../db/rows';
import { notFound } from '../../http/errors';
import { verifyAuditChain } from '../audit/audit-chain.service';
import { recordAudit } from '../audit/audit.service';
import type { FleetInstance } from '../fleet/instance.helper';
import type { FleetLink } from '../fleet/link.helper';
import { findVessel, vesselDocuments } from '../fleet/vessels.service';
import { iso, versionInForce } from '../reading/audience-filter.service';
import { vesselReaders } from '../reading/people-compliance.service';
import { lastMasterReview } from '../reviews/reviews.service';
import { listSuggestions } from '../suggestions/suggestions.service';

/** SOP `s` is for vessel `code`: it names none (every vessel) or names it. */
const appliesTo = (code: string) => sql`(cardinality(s.vessel_codes) = 0 or ${code} = any(s.vessel_codes))`;

const personName = (t: string) => sql.raw(`coalesce(nullif(trim(concat_ws(' ', ${t}.first_name, ${t}.last_name)), ''), ${t}.username)`);

/**
 * The vessel this instance may make a pack for: any registered one at the office; on board only
 * its own (another code is 404, as if it did not exist, which for the ship it does not).
 */
async function packVessel(db: Db, instance: FleetInstance, code: string) {
  if (instance.kind === 'ship') {
    if (code !== instance.vessel) throw notFound(`No vessel with the code "${code}" is registered`);
    // The register reaches a ship with the office's records; until then the code is all it knows.
    return { code, name: (await findVessel(db, code))?.name ?? code };
  }
  const vessel = await findVessel(db, code);
  if (!vessel) throw notFound(`No vessel with the code "${code}" is registered`);
  return { code: vessel.code, name: vessel.name, lastContactAt: vessel.lastContactAt };
}

/** At the office: the master list as the ship reported holding it (its receipts and withdrawals). */
async function officeDocuments(db: Db, code: string): Promise<z.output<typeof PackDocument>[]> {
  return (await vesselDocuments(db, code)).map((d) => ({
    sopId: d.sopId,
    title: d.title,
    versionInForce: d.versionInForce.versionNumber,
    onBoard: d.onBoard?.versionNumber ?? null,
    receivedAt: d.onBoard?.receivedAt.toISOString() ?? null,
    predecessorWithdrawnAt: d.previousWithdrawnAt?.toISOString() ?? null,
    state: d.state,
  }));
}

/**
 * On board: every SOP in force in the ship's own copy (only what applies to it ever arrives),
 * when its version became readable here (the receipt the ship recorded for the office) and when
 * the ship last removed one of its versions; pending while a newer version is still arriving.
 */
async function shipDocuments(db: Db, code: string): Promise<z.output<typeof PackDocument>[]> {
  const { rows } = (await db.execute(sql`
    select s.id as sop_id, s.title, e.version_number, ${iso(sql`r.recorded_at`)} as received_at, ${iso(sql`w.withdrawn_at`)} as withdrawn_at,
      exists (select 1 from fleet_pending_versions p where p.sop_id = s.id) as arriving
    from sops s ${versionInForce}
    left join fleet_sent r on r.vessel_code = ${code} and r.kind = 'receipt' and r.key = e.id::text
    left join lateral (select max(f.recorded_at) as withdrawn_at from fleet_sent f join sop_versions wv on wv.id::text = f.key
      where f.vessel_code = ${code} and f.kind = 'withdrawal' and wv.sop_id = s.id) w on true
    where ${appliesTo(code)}
    order by lower(s.title), s.id`)) as unknown as Rows<{
    sop_id: number;
    title: string;
    version_number: string;
    received_at: string | null;
    withdrawn_at: string | null;
    arriving: boolean;
  }>;
  return rows.map((r) => ({
    sopId: r.sop_id,
    title: r.title,
    versionInForce: r.version_number,
    onBoard: r.version_number,
    receivedAt: r.received_at,
    predecessorWithdrawnAt: r.withdrawn_at,
    state: r.arriving ? 'pending' : 'current',
  }));
}

/** Each decision on the review route of the versions in force that apply to the vessel, by title then time. */
async function packSignatures(db: Db, code: string): Promise<z.output<typeof PackSignature>[]> {
  const { rows } = (await db.execute(sql`
    select s.id as sop_id, s.title, e.version_number, ${personName('u')} as signer,
      case when g.on_behalf_of is null then null else ${personName('ab')} end as on_behalf_of,
      g.meaning, g.step_name, ${iso(sql`g.signed_at`)} as signed_at, g.method
    from sops s ${versionInForce}
    join approval_signatures g on g.version_id = e.id
    join users u on u.id = g.user_id
    left join users ab on ab.id = g.on_behalf_of
    where ${appliesTo(code)}
    order by lower(s.title), s.id, g.signed_at, g.id`)) as unknown as Rows<{
    sop_id: number;
    title: string;
    version_number: string;
    signer: string;
    on_behalf_of: string | null;
    meaning: SignedMeaning;
    step_name: string | null;
    signed_at: string;
    method: string | null;
  }>;
  return rows.map((r) => ({
    sopId: r.sop_id,
    title: r.title,
    versionNumber: r.version_number,
    signer: r.signer,
    onBehalfOf: r.on_behalf_of,
    meaning: SIGNATURE_MEANING_LABELS[r.meaning] ?? r.meaning,
    step: r.step_name,
    at: r.signed_at,
    method: r.method,
  }));
}

async function packSuggestions(db: Db, actor: SessionUser, instance: FleetInstance, code: string): Promise<z.output<typeof PackSuggestion>[]> {
  const open = await listSuggestions(db, actor, instance, { status: 'open', vessel: code });
  return open.map((g) => ({
    id: g.id,
    title: g.sopTitle,
    versionNumber: g.versionNumber,
    section: g.section,
    text: g.text,
    suggestedBy: g.suggestedBy,
    createdAt: g.createdAt.toISOString(),
  }));
}

/**
 * The vessel's last signed master's review as the pack prints it, or null when none is on
 * record (the pack says so): each finding with the office's answer in words, or none yet.
 */
export async function masterReviewForPack(db: Db, vesselCode: string): Promise<z.output<typeof PackMasterReview> | null> {
  const review = await lastMasterReview(db, vesselCode);
  if (!review?.signedAt) return null;
  return {
    signedAt: new Date(review.signedAt).toISOString(),
    signedBy: review.signedBy ?? '',
    findings: review.findings.map((f) => ({ text: f.text, answer: findingAnswerText(f) })),
  };
}

function findingAnswerText(f: { answer: 'accepted' | 'noted' | null; action: string | null; dueOn: string | null; note: string | null }): string | null {
  if (f.answer === 'accepted') return `Accepted: ${f.action ?? ''}${f.dueOn ? ` (due ${f.dueOn})` : ''}`;
  if (f.answer === 'noted') return f.note ? `Noted: ${f.note}` : 'Noted';
  return null;
}

/** The pack's data, gathered in one go: the time it states is when gathering started. */
export async function gatherInspectionPack(db: Db, actor: SessionUser, instance: FleetInstance, link: FleetLink, code: string): Promise<InspectionPack> {
  const vessel = await packVessel(db, instance, code);
  const madeAt = new Date().toISOString();
  const documents = instance.kind === 'ship' ? await shipDocuments(db, code) : await officeDocuments(db, code);
  const [readers, signatures, suggestions, masterReview, audit] = await Promise.all([
    vesselReaders(db, code),
    packSignatures(db, code),
    packSuggestions(db, actor, instance, code),
    masterReviewForPack(db, code),
    verifyAuditChain(db),
  ]);
  const lastContact = instance.kind === 'ship' ? link.lastContactAt() : (vessel.lastContactAt ?? null);
  return {
    vessel: { code: vessel.code, name: vessel.name },
    madeAt,
    madeOn: instance.kind,
    documents,
    reading: readers,
    signatures,
    suggestions,
    masterReview,
    audit: {
      intact: audit.intact,
      firstBrokenId: audit.intact ? null : audit.firstBrokenId,
      entries: audit.events,
      checkedAt: audit.checkedAt.toISOString(),
    },
    link: { lastContactAt: lastContact?.toISOString() ?? null, state: link.link().state },
  };
}

/** The pack's data as the bytes its SHA-256 is taken of (pack.json): JSON in the contract's key order. */
export function packJson(pack: InspectionPack): { bytes: Buffer; sha256: string } {
  const bytes = Buffer.from(JSON.stringify(pack), 'utf8');
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** Recorded once per pack made, PDF or ZIP, with the digest it states. */
export async function auditPackMade(db: Db, actor: SessionUser, code: string, format: 'pdf' | 'zip' | 'json', sha256: string) {
  await recordAudit(db, {
    actorId: actor.id,
    action: 'inspection_pack_made',
    entityType: 'vessel',
    entityId: null,
    metadata: { name: code, vessel: code, format, sha256 },
  });
}
