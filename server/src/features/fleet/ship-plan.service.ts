import { sql } from 'drizzle-orm';
import type { LanguageCode } from '../../../../common/languages';
import type { Db } from '../../db/client';
import { fleetOutbox, fleetSent } from '../../db/schema';
import { versionInForce } from '../reading/audience-filter.service';
import type { Rows } from '../../db/rows';
import { releaseFiles } from '../../files/store';
import type { ShipMessage } from './messages.helper';
import type { ReviewSection } from '../../../../common/contracts/reviews';

/**
 * On board: queues what the office must hear, in one transaction with the marks that it was
 * queued: attestations made here, a receipt for each version in force readable on board with
 * all its files, and a withdrawal for each version received earlier that is no longer in
 * force here (superseded, or its SOP no longer applies), whose files are removed from the
 * ship's store, as are the translations of any version no longer in force here. Returns how
 * many messages were queued.
 */
export async function planShip(db: Db, vessel: string, officeApplied = 0, opts: { everything?: boolean } = {}): Promise<number> {
  const released: string[] = [];
  const queued = await db.transaction(async (tx) => {
    // Work only when something changed on board (a record applied, a version switched, an
    // attestation made: the triggers of migration 0023 note each), or when asked to look anyway.
    // Taken in this transaction: a failure leaves them for the next round.
    const { rows: changed } = (await tx.execute(sql`delete from fleet_changes returning 1`)) as unknown as Rows<unknown>;
    if (changed.length === 0 && !opts.everything) return 0;
    const { rows: known } = (await tx.execute(sql`select 1 from vessels where code = ${vessel} for update`)) as unknown as Rows<unknown>;
    if (known.length === 0) return 0;
    const now = new Date().toISOString();
    const sent = (kind: string, key: ReturnType<typeof sql>) =>
      sql`not exists (select 1 from fleet_sent f where f.vessel_code = ${vessel} and f.kind = ${kind} and f.key = (${key})::text)`;
    const attestations = (
      (await tx.execute(sql`select a.id, a.user_id, a.version_id, a.attested_at, a.signature_method, a.content_sha256, a.files, a.reading_seconds, a.language
        from attestations a where a.user_id is not null and ${sent('attestation', sql`a.id`)} order by a.id`)) as unknown as Rows<{
        id: number;
        user_id: number;
        version_id: number;
        attested_at: string | Date;
        signature_method: 'password' | 'passkey' | null;
        content_sha256: string | null;
        files: { attachmentId: number; originalName: string; openedAt: string | null }[] | null;
        reading_seconds: number | null;
        language: LanguageCode | null;
      }>
    ).rows;
    // The master's acknowledgements of circulars for this vessel (decision 078), sent like attestations.
    const acknowledgements = (
      (await tx.execute(sql`select k.id, k.user_id, k.version_id, k.acknowledged_at from circular_acknowledgements k
        where k.user_id is not null and k.vessel_code = ${vessel} and ${sent('acknowledgement', sql`k.id`)} order by k.id`)) as unknown as Rows<{
        id: number;
        user_id: number;
        version_id: number;
        acknowledged_at: string | Date;
      }>
    ).rows;
    // Suggestions for change made on board (decision 079), sent like attestations.
    const suggestions = (
      (await tx.execute(sql`select g.id, g.user_id, g.version_id, g.section, g.text, g.created_at from suggestions g
        where g.user_id is not null and g.vessel_code = ${vessel} and ${sent('suggestion', sql`g.id`)} order by g.id`)) as unknown as Rows<{
        id: number;
        user_id: number;
        version_id: number;
        section: string | null;
        text: string;
        created_at: string | Date;
      }>
    ).rows;
    // The master's reviews signed on board (decision 080), each with its findings in order.
    const reviews = (
      (await tx.execute(sql`select r.id, r.signed_by, r.template_at, r.sections, r.signed_at, r.signature_method, r.content_sha256,
          coalesce((select jsonb_agg(jsonb_build_object('position', f.position, 'text', f.text) order by f.position)
            from master_review_findings f where f.review_id = r.id), '[]'::jsonb) as findings
        from master_reviews r where r.status = 'signed' and r.signed_by is not null and r.vessel_code = ${vessel}
          and ${sent('master_review', sql`r.id`)} order by r.id`)) as unknown as Rows<{
        id: number;
        signed_by: number;
        template_at: string | Date;
        sections: ReviewSection[];
        signed_at: string | Date;
        signature_method: 'password' | 'passkey';
        content_sha256: string;
        findings: { position: number; text: string }[];
      }>
    ).rows;
    const receipts = (
      (await tx.execute(sql`select e.id from sops s ${versionInForce}
        where ${sent('receipt', sql`e.id`)}
          and not exists (select 1 from fleet_pending_attachments p where (p.row->>'version_id')::int = e.id)
        order by e.id`)) as unknown as Rows<{ id: number }>
    ).rows;
    const withdrawals = (
      (await tx.execute(sql`select r.key::int as id from fleet_sent r
        where r.vessel_code = ${vessel} and r.kind = 'receipt' and ${sent('withdrawal', sql`r.key`)}
          and not exists (select 1 from sop_versions rv join sops s on s.id = rv.sop_id ${versionInForce} where rv.id = r.key::int and e.id = rv.id)
        order by r.key::int`)) as unknown as Rows<{ id: number }>
    ).rows;

    const messages: { kind: string; key: string; payload: ShipMessage }[] = [
      ...attestations.map((a) => ({
        kind: 'attestation',
        key: String(a.id),
        // The signature crosses whole: its method, the digest signed, the files opened, the reading
        // time, and the translation read in.
        payload: {
          op: 'attestation' as const,
          userId: a.user_id,
          versionId: a.version_id,
          attestedAt: new Date(a.attested_at).toISOString(),
          signatureMethod: a.signature_method,
          contentSha256: a.content_sha256,
          files: a.files,
          readingSeconds: a.reading_seconds,
          language: a.language,
        },
      })),
      ...acknowledgements.map((k) => ({
        kind: 'acknowledgement',
        key: String(k.id),
        payload: {
          op: 'vessel_acknowledgement' as const,
          versionId: k.version_id,
          userId: k.user_id,
          acknowledgedAt: new Date(k.acknowledged_at).toISOString(),
        },
      })),
      ...suggestions.map((g) => ({
        kind: 'suggestion',
        key: String(g.id),
        payload: {
          op: 'suggestion' as const,
          shipRef: g.id,
          versionId: g.version_id,
          userId: g.user_id,
          section: g.section,
          text: g.text,
          suggestedAt: new Date(g.created_at).toISOString(),
        },
      })),
      ...reviews.map((r) => ({
        kind: 'master_review',
        key: String(r.id),
        payload: {
          op: 'master_review' as const,
          shipRef: r.id,
          userId: r.signed_by,
          templateAt: new Date(r.template_at).toISOString(),
          sections: r.sections,
          findings: r.findings,
          signedAt: new Date(r.signed_at).toISOString(),
          signatureMethod: r.signature_method,
          contentSha256: r.content_sha256,
        },
      })),
      ...receipts.map((r) => ({ kind: 'receipt', key: String(r.id), payload: { op: 'receipt' as const, versionId: r.id, receivedAt: now } })),
      ...withdrawals.map((w) => ({ kind: 'withdrawal', key: String(w.id), payload: { op: 'withdrawal' as const, versionId: w.id, withdrawnAt: now } })),
    ];
    // A withdrawn version keeps its record (attestations made on board still name it); its files go.
    for (const w of withdrawals) {
      const { rows } = (await tx.execute(sql`delete from attachments where version_id = ${w.id} returning sha256`)) as unknown as Rows<{
        sha256: string | null;
      }>;
      for (const r of rows) if (r.sha256) released.push(r.sha256);
    }
    // On board the crew read the translations of the version in force only (the office sends no
    // other): those of a version no longer in force here go, with their files, whether it was
    // withdrawn, superseded before its receipt was sent (and so never withdrawn), or its SOP no
    // longer applies.
    const { rows: translations } = (await tx.execute(sql`delete from sop_translations t using sop_versions v
      where v.id = t.version_id and not exists (select 1 from sops s ${versionInForce} where s.id = v.sop_id and e.id = v.id)
      returning t.sha256`)) as unknown as Rows<{ sha256: string | null }>;
    for (const r of translations) if (r.sha256) released.push(r.sha256);
    if (messages.length > 0) {
      const [{ last }] = (
        (await tx.execute(sql`select coalesce(max(seq), 0)::bigint as last from fleet_outbox where vessel_code = ${vessel}`)) as unknown as Rows<{
          last: string;
        }>
      ).rows;
      // A ship restored from an old backup numbers on from what the office has applied, never again from its backup's last.
      const after = Math.max(Number(last), officeApplied);
      await tx.insert(fleetOutbox).values(messages.map((m, i) => ({ vesselCode: vessel, seq: after + 1 + i, payload: m.payload })));
      await tx.insert(fleetSent).values(messages.map((m) => ({ vesselCode: vessel, kind: m.kind, key: m.key, hash: '' })));
    }
    // An SOP that no longer applies here (no version in force on board) goes once nothing of it waits to be queued.
    const retired = sql`select s.id from sops s where not exists (select 1 from sop_versions v where v.sop_id = s.id and v.is_published)
      and not exists (select 1 from attestations a join sop_versions v on v.id = a.version_id where v.sop_id = s.id and ${sent('attestation', sql`a.id`)})
      and not exists (select 1 from suggestions g where g.sop_id = s.id and ${sent('suggestion', sql`g.id`)})`;
    const { rows: files } = (await tx.execute(sql`delete from attachments where version_id in
      (select v.id from sop_versions v where v.sop_id in (${retired})) returning sha256`)) as unknown as Rows<{ sha256: string | null }>;
    for (const r of files) if (r.sha256) released.push(r.sha256);
    await tx.execute(sql`delete from sops where id in (${retired})`);
    return messages.length;
  });
  if (released.length) await releaseFiles(db, released);
  return queued;
}
