import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { CreateVesselInput, FleetVessel, SetAsideMessage, SetAsideRetryAnswer, Vessel, VesselDocument } from '../../../../common/contracts/fleet';
import type { Db } from '../../db/client';
import { fleetSetAside, vessels } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';
import { isUniqueViolation } from '../auth/auth.service';
import { iso, versionInForce } from '../reading/audience-filter.service';
import type { Rows } from '../../db/rows';
import { badRequest, conflict, notFound } from '../../http/errors';
import { discardSetAside, retrySetAside } from './office-receive.service';
import { lastReviewDates } from '../reviews/reviews.service';

/** A code an SOP names must be in the register (400 naming the first that is not). */
export async function assertVesselsRegistered(db: Db, codes: string[] | undefined): Promise<void> {
  if (!codes?.length) return;
  const known = new Set((await db.select({ code: vessels.code }).from(vessels).where(inArray(vessels.code, codes))).map((v) => v.code));
  const unknown = codes.find((code) => !known.has(code));
  if (unknown) throw badRequest(`No vessel with the code "${unknown}" is registered`, undefined, 'vesselCodes');
}

/** POST /api/admin/vessels: the unique code answers a duplicate, including a concurrent one. */
export async function createVessel(db: Db, actor: SessionUser, input: z.output<typeof CreateVesselInput>): Promise<z.output<typeof Vessel>> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(vessels).values(input).returning({ code: vessels.code, name: vessels.name });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'vessel_registered',
        entityType: 'vessel',
        entityId: null,
        metadata: { code: row.code, name: row.name },
      });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`A vessel with the code "${input.code}" is already registered`, 'duplicate');
    throw err;
  }
}

export async function findVessel(db: Db, code: string) {
  const [row] = await db.select().from(vessels).where(eq(vessels.code, code));
  return row;
}

/**
 * Each SOP with a version in force `e` that applies to vessel `code` or that the ship has
 * held (it stopped applying since: the ship must remove it, then its removal stays on the
 * list), with the newest version the ship holds (`b`) and when it last removed one (`w`). An
 * SOP applies when its vessel list is empty (every vessel) or names the vessel. `state`:
 * current when the ship holds the version in force of an SOP that applies, or nothing of
 * one that does not.
 */
const masterList = (code: string) => sql`
  , ${applies(code)} as applies,
  case when ${applies(code)} then b.version_id is not distinct from e.id else b.version_id is null end as current
  from sops s ${versionInForce}
  left join lateral (
    select d.version_id, sv.version_number, d.received_at from vessel_documents d join sop_versions sv on sv.id = d.version_id
    where d.vessel_code = ${code} and sv.sop_id = s.id and d.withdrawn_at is null
    order by d.version_id desc limit 1) b on true
  left join lateral (
    select max(d.withdrawn_at) as withdrawn_at from vessel_documents d join sop_versions sv on sv.id = d.version_id
    where d.vessel_code = ${code} and sv.sop_id = s.id) w on true
  where ${applies(code)} or w.withdrawn_at is not null or b.version_id is not null`;
const applies = (code: string) => sql`(cardinality(s.vessel_codes) = 0 or ${code} = any(s.vessel_codes))`;

/** GET /api/fleet/vessels: the register with each ship's last contact and how its documents stand. */
export async function listFleetVessels(db: Db): Promise<z.output<typeof FleetVessel>[]> {
  const rows = await db.select().from(vessels).orderBy(asc(vessels.code));
  // Every vessel's messages set aside, in one question: how many, and the oldest one's reason.
  const { rows: asideRows } = (await db.execute(sql`select vessel_code, count(*)::int as n, (array_agg(reason order by id))[1] as first
    from fleet_set_aside where resolved_at is null group by vessel_code`)) as unknown as Rows<{ vessel_code: string; n: number; first: string }>;
  const asideOf = new Map(asideRows.map((r) => [r.vessel_code, r]));
  const reviewed = await lastReviewDates(db);
  return Promise.all(
    rows.map(async (v) => {
      const [tally] = (
        (await db.execute(sql`select count(*) filter (where m.current and m.applies)::int as current, count(*) filter (where not m.current)::int as pending
          from (select s.id ${masterList(v.code)}) m`)) as unknown as Rows<{ current: number; pending: number }>
      ).rows;
      const aside = asideOf.get(v.code);
      const setAside = Number(aside?.n ?? 0);
      const problem =
        aside && setAside > 0
          ? `${setAside === 1 ? 'One message' : `${setAside} messages`} from the ship set aside ashore (the first: ${aside.first}). An admin retries or discards ${setAside === 1 ? 'it' : 'them'}.`
          : v.shipProblem && `On board: ${v.shipProblem}`;
      return {
        code: v.code,
        name: v.name,
        lastContactAt: v.lastContactAt,
        documents: { current: Number(tally.current), pending: Number(tally.pending) },
        problem,
        setAside,
        lastReviewAt: reviewed.get(v.code) ?? null,
      };
    }),
  );
}

/** GET /api/fleet/vessels/{code}/documents: the master list as on board, by title. */
export async function vesselDocuments(db: Db, code: string): Promise<z.output<typeof VesselDocument>[]> {
  if (!(await findVessel(db, code))) throw notFound(`No vessel with the code "${code}" is registered`);
  const { rows } = (await db.execute(sql`
    select s.id as sop_id, s.title, e.id as in_force_id, e.version_number as in_force_number,
      b.version_id as on_board_id, b.version_number as on_board_number, ${iso(sql`b.received_at`)} as received_at,
      ${iso(sql`w.withdrawn_at`)} as withdrawn_at
    ${masterList(code)}
    order by lower(s.title), s.id`)) as unknown as Rows<{
    sop_id: number;
    title: string;
    in_force_id: number;
    in_force_number: string;
    on_board_id: number | null;
    on_board_number: string | null;
    received_at: string | null;
    withdrawn_at: string | null;
    applies: boolean;
    current: boolean;
  }>;
  return rows.map((r) => ({
    sopId: r.sop_id,
    title: r.title,
    versionInForce: { id: r.in_force_id, versionNumber: r.in_force_number },
    onBoard: r.on_board_id === null ? null : { versionId: r.on_board_id, versionNumber: r.on_board_number!, receivedAt: new Date(r.received_at!) },
    previousWithdrawnAt: r.withdrawn_at === null ? null : new Date(r.withdrawn_at),
    applies: r.applies,
    state: r.current ? 'current' : 'pending',
  }));
}

export const VESSEL_DOCUMENTS_CSV_COLUMNS = [
  'SOP',
  'Title',
  'Version in force',
  'On board',
  'Received on board',
  'Previous version removed',
  'State',
  'Applies to this vessel',
] as const;

/** GET /api/fleet/vessels/{code}/documents.csv: the master list as the spreadsheet's cells, in VESSEL_DOCUMENTS_CSV_COLUMNS order. */
export async function vesselDocumentRows(db: Db, code: string): Promise<(string | number | null)[][]> {
  const rows = await vesselDocuments(db, code);
  return rows.map((r) => [
    r.sopId,
    r.title,
    r.versionInForce.versionNumber,
    r.onBoard?.versionNumber ?? '',
    r.onBoard?.receivedAt.toISOString() ?? '',
    r.previousWithdrawnAt?.toISOString() ?? '',
    r.state,
    r.applies ? 'yes' : 'no',
  ]);
}

/** GET /api/fleet/vessels/{code}/set-aside: the ship's messages waiting for an admin, oldest first. */
export async function setAsideMessages(db: Db, code: string): Promise<z.output<typeof SetAsideMessage>[]> {
  if (!(await findVessel(db, code))) throw notFound(`No vessel with the code "${code}" is registered`);
  const rows = await db
    .select()
    .from(fleetSetAside)
    .where(and(eq(fleetSetAside.vesselCode, code), isNull(fleetSetAside.resolvedAt)))
    .orderBy(asc(fleetSetAside.id));
  return rows.map((r) => ({ id: r.id, seq: r.seq, reason: r.reason, body: r.body.slice(0, 2000), createdAt: r.createdAt }));
}

async function openSetAside(db: Db, code: string, id: number) {
  const [row] = await db
    .select()
    .from(fleetSetAside)
    .where(and(eq(fleetSetAside.id, id), eq(fleetSetAside.vesselCode, code)));
  if (!row) throw notFound(`No message ${id} from ${code} is set aside`);
  if (row.resolvedAt) throw conflict(`Message ${id} from ${code} was already ${row.resolution}`);
  return row;
}

/** POST .../set-aside/{id}/retry (admin, audited): applies it now, or says why it is still set aside. */
export async function retrySetAsideMessage(db: Db, actor: SessionUser, code: string, id: number): Promise<z.output<typeof SetAsideRetryAnswer>> {
  const row = await openSetAside(db, code, id);
  const { outcome, reason } = await retrySetAside(db, id);
  await recordAudit(db, {
    actorId: actor.id,
    action: 'fleet_message_retried',
    entityType: 'vessel',
    entityId: null,
    metadata: { name: code, vessel: code, seq: row.seq, outcome, reason: reason ?? null },
  });
  return { outcome: outcome === 'unknown-vessel' ? 'set-aside' : outcome, reason: reason ?? null };
}

/** POST .../set-aside/{id}/discard (admin, audited): kept as a record, no longer waiting. */
export async function discardSetAsideMessage(db: Db, actor: SessionUser, code: string, id: number): Promise<void> {
  const row = await openSetAside(db, code, id);
  if (!(await discardSetAside(db, id))) throw conflict(`Message ${id} from ${code} was already resolved`);
  await recordAudit(db, {
    actorId: actor.id,
    action: 'fleet_message_discarded',
    entityType: 'vessel',
    entityId: null,
    metadata: { name: code, vessel: code, seq: row.seq, reason: row.reason },
  });
}
