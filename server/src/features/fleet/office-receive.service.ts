import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { Envelope, FLEET_SCHEMA, ShipMessage } from '../../../../common/contracts/fleet-messages';
import type { Db } from '../../db/client';
import { attestations, circularAcknowledgements, fleetApplied, fleetSetAside, vesselDocuments, vessels } from '../../db/schema';
import { recordSuggestion } from '../suggestions/suggestions.service';
import { recordReceivedReview, reviewDigest } from '../reviews/reviews.service';
import { reviewTemplate } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';
import { activeReader, readsSop } from '../reading/audience-filter.service';
import type { Rows } from '../../db/rows';
import { can } from '../../../../common/permissions';
import type { Role } from '../../../../common/roles';
import { versionDigest } from '../signatures/version-digest.service';
import { hasApprovedTranslation } from '../translations/translation-read.service';
import { languageName } from '../../../../common/translation-rules';
import { parseJsonResult } from './parse.helper';

/** The office's read position in the stream every ship's messages arrive in. */
export const SHIPS_ORIGIN = 'ships';
export const shipOrigin = (vessel: string) => `ship:${vessel}`;

/**
 * How far a ship's clock may be from the office's: a ship's time is trusted this far ahead of
 * the office's clock, and this far before the moment the office sent it the version.
 */
export const CLOCK_SKEW_MS = 5 * 60_000;

/** One message as read from the hub's stream of what ships send. */
export interface Incoming {
  /** The vessel of the subject it came on (the only vessel its credential may publish as). */
  vessel: string;
  headers: { origin?: string; seq?: string; schema?: string };
  data: Uint8Array;
  streamSeq: number;
}

export type ReceiveOutcome = 'applied' | 'duplicate' | 'refused' | 'set-aside' | 'unknown-vessel';

class Refused extends Error {}

/**
 * Takes one message from a ship, in one transaction with the stream position, exactly once per
 * (ship, sequence). What the ship says is checked before it counts (see `applyChecked`); a
 * message that is not a contract's, is written for a newer schema, jumps the ship's sequence or
 * fails to apply is set aside for that vessel with the reason, and reading goes on: it never
 * holds another vessel, nor this one's later messages.
 */
export async function receiveShipMessage(db: Db, m: Incoming): Promise<ReceiveOutcome> {
  return db.transaction(async (tx) => {
    await moveStreamPosition(tx, m.streamSeq);
    const [vessel] = await tx.select({ code: vessels.code }).from(vessels).where(eq(vessels.code, m.vessel));
    if (!vessel) return 'unknown-vessel';
    await tx.update(vessels).set({ lastContactAt: sql`now()` }).where(eq(vessels.code, m.vessel));
    const origin = shipOrigin(m.vessel);
    const [last] = await tx.select().from(fleetApplied).where(eq(fleetApplied.origin, origin)).for('update');
    const lastSeq = last?.seq ?? 0;
    const envelope = Envelope.safeParse({ origin: m.headers.origin ?? origin, seq: m.headers.seq, schema: m.headers.schema ?? 1 });
    const body = bodyText(m.data);
    if (!envelope.success) {
      await setAside(tx, m, null, null, body, 'Its headers do not name its place in the ship’s sequence and its schema.');
      return 'set-aside';
    }
    const { seq, schema } = envelope.data;
    if (seq <= lastSeq) return 'duplicate';
    if (seq > lastSeq + 1) {
      // Held and reported, never skipped over: the sequence stays where it is.
      await setAside(tx, m, seq, schema, body, `Sequence gap: message ${seq} arrived when ${lastSeq + 1} was expected.`);
      return 'set-aside';
    }
    await recordApplied(tx, origin, seq, m.streamSeq);
    if (schema > FLEET_SCHEMA) {
      await setAside(
        tx,
        m,
        seq,
        schema,
        body,
        `It is written for schema ${schema}; this office reads schema ${FLEET_SCHEMA} and older. Upgrade the office, then retry it.`,
      );
      return 'set-aside';
    }
    return applyBody(tx, m.vessel, seq, m.streamSeq, m.data, (reason) => setAside(tx, m, seq, schema, body, reason));
  });
}

/** Parses and applies a ship's message body; a failure is handed to `onFailure` with its reason. */
async function applyBody(
  tx: Db,
  vessel: string,
  seq: number | null,
  streamSeq: number,
  data: Uint8Array,
  onFailure: (reason: string) => Promise<void>,
): Promise<ReceiveOutcome> {
  const parsed = parseJsonResult(ShipMessage, data);
  if (!parsed.ok) {
    await onFailure(`The message is ${parsed.reason}.`);
    return 'set-aside';
  }
  try {
    // A savepoint: a failure undoes the message's own writes, not the position read past it.
    await tx.transaction(async (inner) => applyChecked(inner, vessel, parsed.value));
    return 'applied';
  } catch (err) {
    if (err instanceof Refused) {
      await recordAudit(tx, {
        actorId: null,
        action: 'fleet_message_refused',
        entityType: 'vessel',
        entityId: null,
        metadata: {
          name: vessel,
          vessel,
          seq,
          streamSeq,
          op: parsed.value.op,
          ...('versionId' in parsed.value ? { versionId: parsed.value.versionId } : { shipRef: parsed.value.shipRef }),
          reason: err.message,
        },
      });
      return 'refused';
    }
    await onFailure(`Applying it failed: ${err instanceof Error ? err.message : String(err)}`);
    return 'set-aside';
  }
}

/**
 * Applies what a ship says only where the office can check it: the version was sent to that
 * vessel, at a time not before it was sent (less the clock skew) nor in the future beyond it; an
 * attestation is by an active person assigned to the vessel who may read the SOP, and its
 * digest is the version's. Anything else is refused (audited by the caller).
 */
async function applyChecked(tx: Db, vessel: string, parsed: z.output<typeof ShipMessage>) {
  if (parsed.op === 'master_review') {
    await receiveMasterReview(tx, vessel, parsed);
    return;
  }
  const [version] = (
    (await tx.execute(sql`select v.id, v.version_number, s.id as sop_id, s.title, fsv.sent_at
      from sop_versions v join sops s on s.id = v.sop_id
      left join fleet_sent_versions fsv on fsv.vessel_code = ${vessel} and fsv.version_id = v.id
      where v.id = ${parsed.versionId}`)) as unknown as Rows<{
      id: number;
      version_number: string;
      sop_id: number;
      title: string;
      sent_at: string | Date | null;
    }>
  ).rows;
  if (!version) throw new Refused(`Version ${parsed.versionId} does not exist at the office.`);
  if (version.sent_at === null) throw new Refused(`Version ${version.version_number} of "${version.title}" was never sent to ${vessel}.`);
  const sentAt = new Date(version.sent_at).getTime();
  const claimed = new Date(claimedTime(parsed)).getTime();
  if (claimed < sentAt - CLOCK_SKEW_MS) throw new Refused(`It is dated ${new Date(claimed).toISOString()}, before the version was sent to ${vessel}.`);
  if (claimed > Date.now() + CLOCK_SKEW_MS) throw new Refused(`It is dated ${new Date(claimed).toISOString()}, in the future.`);

  if (parsed.op === 'receipt') {
    await tx
      .insert(vesselDocuments)
      .values({ vesselCode: vessel, versionId: parsed.versionId, receivedAt: new Date(claimed) })
      // Received again after a withdrawal (its SOP applies to the vessel again).
      .onConflictDoUpdate({
        target: [vesselDocuments.vesselCode, vesselDocuments.versionId],
        set: { receivedAt: new Date(claimed), withdrawnAt: null },
        where: sql`${vesselDocuments.withdrawnAt} is not null`,
      });
    return;
  }
  if (parsed.op === 'withdrawal') {
    await tx
      .update(vesselDocuments)
      .set({ withdrawnAt: new Date(claimed) })
      .where(and(eq(vesselDocuments.vesselCode, vessel), eq(vesselDocuments.versionId, parsed.versionId)));
    return;
  }

  if (parsed.op === 'vessel_acknowledgement') {
    await receiveAcknowledgement(tx, vessel, { ...parsed, sopId: version.sop_id, title: version.title }, new Date(claimed));
    return;
  }

  await checkReader(tx, vessel, parsed.userId, version);
  if (parsed.op === 'suggestion') {
    await receiveSuggestion(tx, vessel, { ...parsed, sopId: version.sop_id, title: version.title }, new Date(claimed));
    return;
  }
  const digest = await versionDigest(tx, parsed.versionId);
  if (parsed.signatureMethod && !parsed.contentSha256) throw new Refused('It is signed but names no digest of what was signed.');
  if (parsed.contentSha256 && parsed.contentSha256 !== digest)
    throw new Refused(`Its digest ${parsed.contentSha256} is not that of version ${version.version_number} of "${version.title}".`);
  // Read in a translation: one the office approved for that version (the only ones it sends).
  if (parsed.language && !(await hasApprovedTranslation(tx, parsed.versionId, parsed.language)))
    throw new Refused(`Version ${version.version_number} of "${version.title}" has no approved ${languageName(parsed.language)} translation.`);

  const files = parsed.files;
  const [inserted] = await tx
    .insert(attestations)
    .values({
      userId: parsed.userId,
      versionId: parsed.versionId,
      attestedAt: new Date(claimed),
      vesselCode: vessel,
      files,
      unopenedFiles: files ? files.filter((f) => f.openedAt === null).length : null,
      readingSeconds: parsed.readingSeconds,
      signatureMethod: parsed.signatureMethod,
      contentSha256: parsed.contentSha256,
      language: parsed.language,
    })
    .onConflictDoNothing({ target: [attestations.userId, attestations.versionId] })
    .returning({ id: attestations.id, unopenedFiles: attestations.unopenedFiles });
  if (!inserted) return;
  await recordAudit(tx, {
    actorId: parsed.userId,
    action: 'sop_attested',
    entityType: 'sop',
    entityId: version.sop_id,
    metadata: {
      title: version.title,
      versionId: parsed.versionId,
      versionNumber: version.version_number,
      unopenedFiles: inserted.unopenedFiles,
      readingSeconds: parsed.readingSeconds,
      vessel,
      ...(parsed.language ? { language: parsed.language } : {}),
      ...(parsed.signatureMethod ? { signatureMethod: parsed.signatureMethod, sha256: parsed.contentSha256 } : {}),
    },
  });
}

/**
 * The master's review signed on board (decision 080): by an active person assigned to the vessel
 * who may fill it (an approver or administrator), signed not in the future, from a template no
 * newer than the office's, its digest that of the questions, answers and findings it carries.
 * Kept once per vessel and ship id.
 */
async function receiveMasterReview(tx: Db, vessel: string, r: Extract<z.output<typeof ShipMessage>, { op: 'master_review' }>) {
  const signedAt = new Date(r.signedAt).getTime();
  if (signedAt > Date.now() + CLOCK_SKEW_MS) throw new Refused(`It is dated ${new Date(signedAt).toISOString()}, in the future.`);
  const [person] = (
    (await tx.execute(sql`select ${activeReader} as active, u.role,
        (cardinality(u.vessel_codes) = 0 or ${vessel} = any(u.vessel_codes)) as assigned
      from users u where u.id = ${r.userId}`)) as unknown as Rows<{ active: boolean; role: Role; assigned: boolean }>
  ).rows;
  if (!person) throw new Refused(`User ${r.userId} does not exist at the office.`);
  if (!person.active) throw new Refused(`User ${r.userId} is not an active account.`);
  if (!person.assigned) throw new Refused(`User ${r.userId} is not assigned to ${vessel}.`);
  if (!can({ id: r.userId, role: person.role }, 'reviews.fill')) throw new Refused(`User ${r.userId} may not sign the master's review for ${vessel}.`);
  const [template] = await tx.select({ updatedAt: reviewTemplate.updatedAt }).from(reviewTemplate).where(eq(reviewTemplate.id, 1));
  const templateAt = new Date(r.templateAt).getTime();
  if (!template || templateAt > template.updatedAt.getTime() + CLOCK_SKEW_MS) throw new Refused('It names a review template the office never had.');
  if (templateAt > signedAt + CLOCK_SKEW_MS) throw new Refused('It is signed before the template it was filled from was made.');
  const positions = r.findings.map((f) => f.position);
  if (positions.some((p, i) => p !== i + 1)) throw new Refused('Its findings are not numbered 1, 2, 3 ... in order.');
  if (
    reviewDigest(
      r.sections,
      r.findings.map((f) => f.text),
    ) !== r.contentSha256
  )
    throw new Refused(`Its digest ${r.contentSha256} is not that of the questions, answers and findings it carries.`);
  await recordReceivedReview(tx, vessel, { ...r, signedAt: new Date(signedAt) });
}

/** The time a ship's message says it happened. */
function claimedTime(parsed: Exclude<z.output<typeof ShipMessage>, { op: 'master_review' }>): string {
  switch (parsed.op) {
    case 'attestation':
      return parsed.attestedAt;
    case 'receipt':
      return parsed.receivedAt;
    case 'withdrawal':
      return parsed.withdrawnAt;
    case 'vessel_acknowledgement':
      return parsed.acknowledgedAt;
    case 'suggestion':
      return parsed.suggestedAt;
  }
}

/**
 * What a ship says a person did there (an attestation, a suggestion) counts only from an active
 * person assigned to the vessel who may read the SOP: its audience, its owner, and those who see
 * every SOP, as the visibility rule says.
 */
async function checkReader(tx: Db, vessel: string, userId: number, version: { sop_id: number; title: string }) {
  const [person] = (
    (await tx.execute(sql`select ${activeReader} as active, u.role,
        (cardinality(u.vessel_codes) = 0 or ${vessel} = any(u.vessel_codes)) as assigned,
        (not s.is_confidential or s.owner_id = u.id or ${readsSop('s')}) as in_audience
      from users u left join departments ud on ud.id = u.department_id
      join sops s on s.id = ${version.sop_id}
      where u.id = ${userId}`)) as unknown as Rows<{ active: boolean; role: Role; assigned: boolean; in_audience: boolean }>
  ).rows;
  if (!person) throw new Refused(`User ${userId} does not exist at the office.`);
  if (!person.active) throw new Refused(`User ${userId} is not an active account.`);
  if (!person.assigned) throw new Refused(`User ${userId} is not assigned to ${vessel}.`);
  if (!person.in_audience && !can({ id: userId, role: person.role }, 'sop.read.unreleased'))
    throw new Refused(`User ${userId} is outside the audience of "${version.title}".`);
}

/**
 * A suggestion for change made on board (decision 079), on a version sent to that vessel by a
 * reader there (checked by the caller): kept with the vessel and the ship's time, once per
 * vessel and ship id; the SOP's owner finds it in the bell, triagers on the dashboard.
 */
async function receiveSuggestion(
  tx: Db,
  vessel: string,
  s: { shipRef: number; versionId: number; userId: number; section: string | null; text: string; sopId: number; title: string },
  at: Date,
) {
  await recordSuggestion(tx, {
    sopId: s.sopId,
    title: s.title,
    versionId: s.versionId,
    section: s.section || null,
    text: s.text,
    userId: s.userId,
    vesselCode: vessel,
    shipRef: s.shipRef,
    at,
  });
}

/**
 * A circular's receipt acknowledged for the vessel by its master on board (decision 078): by an
 * active person assigned to the vessel who may acknowledge (an approver or administrator), of a
 * circular's version sent there. The vessel's first acknowledgement stands.
 */
async function receiveAcknowledgement(tx: Db, vessel: string, ack: { versionId: number; userId: number; sopId: number; title: string }, at: Date) {
  const [person] = (
    (await tx.execute(sql`select ${activeReader} as active, u.role,
        (cardinality(u.vessel_codes) = 0 or ${vessel} = any(u.vessel_codes)) as assigned,
        exists (select 1 from circulars c where c.sop_id = ${ack.sopId}) as circular
      from users u where u.id = ${ack.userId}`)) as unknown as Rows<{ active: boolean; role: Role; assigned: boolean; circular: boolean }>
  ).rows;
  if (!person) throw new Refused(`User ${ack.userId} does not exist at the office.`);
  if (!person.circular) throw new Refused(`"${ack.title}" is not a circular.`);
  if (!person.active) throw new Refused(`User ${ack.userId} is not an active account.`);
  if (!person.assigned) throw new Refused(`User ${ack.userId} is not assigned to ${vessel}.`);
  if (!can({ id: ack.userId, role: person.role }, 'circulars.acknowledge'))
    throw new Refused(`User ${ack.userId} may not acknowledge circulars for ${vessel}.`);
  const [inserted] = await tx
    .insert(circularAcknowledgements)
    .values({ sopId: ack.sopId, vesselCode: vessel, versionId: ack.versionId, userId: ack.userId, acknowledgedAt: at })
    .onConflictDoNothing({ target: [circularAcknowledgements.sopId, circularAcknowledgements.vesselCode] })
    .returning({ id: circularAcknowledgements.id });
  if (!inserted) return;
  await recordAudit(tx, {
    actorId: ack.userId,
    action: 'circular_acknowledged',
    entityType: 'sop',
    entityId: ack.sopId,
    metadata: { title: ack.title, versionId: ack.versionId, vessel },
  });
}

/**
 * An admin retries a message set aside: it is parsed and applied again (a sequence gap only once
 * the messages before it have arrived). Answers the outcome, or the reason it is still set aside.
 */
export async function retrySetAside(db: Db, id: number): Promise<{ outcome: ReceiveOutcome; reason?: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(fleetSetAside).where(eq(fleetSetAside.id, id)).for('update');
    if (!row || row.resolvedAt) return { outcome: 'duplicate' as const };
    const data = new TextEncoder().encode(row.body);
    const origin = shipOrigin(row.vesselCode);
    const isGap = row.reason.startsWith('Sequence gap');
    if (isGap) {
      const [last] = await tx.select().from(fleetApplied).where(eq(fleetApplied.origin, origin)).for('update');
      const expected = (last?.seq ?? 0) + 1;
      if (row.seq !== expected) return { outcome: 'set-aside' as const, reason: `Sequence gap: message ${row.seq} still waits for ${expected}.` };
      await recordApplied(tx, origin, row.seq, row.streamSeq);
    }
    if ((row.schema ?? 1) > FLEET_SCHEMA) return { outcome: 'set-aside' as const, reason: row.reason };
    let reason: string | undefined;
    const outcome = await applyBody(tx, row.vesselCode, row.seq, row.streamSeq, data, async (why) => {
      reason = why;
    });
    if (outcome === 'set-aside') {
      await tx.update(fleetSetAside).set({ reason: reason! }).where(eq(fleetSetAside.id, id));
      return { outcome, reason };
    }
    await tx.update(fleetSetAside).set({ resolvedAt: sql`now()`, resolution: 'applied' }).where(eq(fleetSetAside.id, id));
    return { outcome };
  });
}

/** An admin discards a message set aside: it is kept, marked discarded, and no longer in the way. */
export async function discardSetAside(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(fleetSetAside)
    .set({ resolvedAt: sql`now()`, resolution: 'discarded' })
    .where(and(eq(fleetSetAside.id, id), sql`${fleetSetAside.resolvedAt} is null`))
    .returning({ id: fleetSetAside.id });
  return rows.length > 0;
}

async function setAside(tx: Db, m: Incoming, seq: number | null, schema: number | null, body: string, reason: string) {
  await tx.insert(fleetSetAside).values({ vesselCode: m.vessel, seq, streamSeq: m.streamSeq, schema, body, reason });
}

/** The body as text that can be stored and shown (NUL and invalid UTF-8 replaced), at most 256 KB. */
function bodyText(data: Uint8Array): string {
  return new TextDecoder('utf-8').decode(data.subarray(0, 256 * 1024)).replaceAll(String.fromCharCode(0), '\uFFFD');
}

async function recordApplied(tx: Db, origin: string, seq: number, streamSeq: number) {
  await tx
    .insert(fleetApplied)
    .values({ origin, seq, streamSeq })
    .onConflictDoUpdate({ target: fleetApplied.origin, set: { seq, streamSeq, appliedAt: sql`now()` } });
}

async function moveStreamPosition(tx: Db, streamSeq: number) {
  await tx
    .insert(fleetApplied)
    .values({ origin: SHIPS_ORIGIN, seq: streamSeq, streamSeq })
    .onConflictDoUpdate({ target: fleetApplied.origin, set: { seq: streamSeq, streamSeq, appliedAt: sql`now()` } });
}

/** The last of `vessel`'s messages applied here (0: none). */
export async function appliedFrom(db: Db, vessel: string): Promise<number> {
  const [row] = await db
    .select({ seq: fleetApplied.seq })
    .from(fleetApplied)
    .where(eq(fleetApplied.origin, shipOrigin(vessel)));
  return row?.seq ?? 0;
}
