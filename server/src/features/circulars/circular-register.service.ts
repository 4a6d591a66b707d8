import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { Circular } from '../../../../common/contracts/circulars';
import type { Db } from '../../db/client';
import type { Rows } from '../../db/rows';
import type { FleetInstance } from '../fleet/instance.helper';
import { activeReader, iso, readsCircular, utcToday, versionInForceIfAny } from '../reading/audience-filter.service';
import { sopVisible, viewOf } from '../sops/sop-visibility.service';

type CircularOut = z.output<typeof Circular>;

interface Row {
  id: number;
  number: string;
  title: string;
  status: string;
  version_id: number | null;
  latest_version_id: number;
  issued_at: string | null;
  due_date: string;
  expires_at: string;
  expired: boolean;
  vessel_codes: string[];
  departments: { id: number; name: string }[];
  positions: { id: number; name: string }[];
  read: number;
  readers: number;
  vessels: { vesselCode: string; vesselName: string; read: number; readers: number; acknowledgedAt: string | null; acknowledgedBy: string | null }[];
}

const personName = (u: string) => sql.raw(`coalesce(nullif(trim(coalesce(${u}.first_name, '') || ' ' || coalesce(${u}.last_name, '')), ''), ${u}.username)`);

/**
 * GET /api/circulars: every circular the caller may see, newest number first, expired ones
 * included (they leave the reading lists, never the register). Read counts are over the
 * circular's audience as it stands (`readsCircular`, expiry aside) against its version in force:
 * in all, and per vessel it applies to with the master's acknowledgement. On a ship's copy, that
 * vessel only.
 */
export async function listCirculars(db: Db, actor: SessionUser, instance: FleetInstance): Promise<CircularOut[]> {
  const audience = readsCircular('s', { expiredToo: true });
  const readerOf = sql`from users u left join departments ud on ud.id = u.department_id
    left join attestations a on a.user_id = u.id and a.version_id = e.id
    where ${activeReader} and ${audience}`;
  const vesselScope = instance.kind === 'ship' ? sql`v.code = ${instance.vessel}` : sql`true`;
  const { rows } = (await db.execute(sql`
    select s.id, c.number, s.title, s.status, e.id as version_id, s.latest_version_id, ${iso(sql`e.approved_at`)} as issued_at,
      to_char(c.due_date, 'YYYY-MM-DD') as due_date, to_char(c.expires_at, 'YYYY-MM-DD') as expires_at, c.expires_at <= ${utcToday} as expired,
      s.vessel_codes,
      coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name) order by lower(d.name)) from departments d where d.id = any(c.department_ids)), '[]'::json) as departments,
      coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name) order by lower(p.name)) from positions p where p.id = any(s.reading_position_ids)), '[]'::json) as positions,
      coalesce(t.read, 0) as read, coalesce(t.readers, 0) as readers,
      coalesce((select json_agg(json_build_object('vesselCode', v.code, 'vesselName', v.name,
            'read', coalesce(vr.read, 0), 'readers', coalesce(vr.readers, 0),
            'acknowledgedAt', ${iso(sql`k.acknowledged_at`)}, 'acknowledgedBy', ${personName('ku')}) order by v.code)
        from vessels v
        left join lateral (select count(a.id)::int as read, count(u.id)::int as readers ${readerOf} and v.code = any(u.vessel_codes)) vr on e.id is not null
        left join circular_acknowledgements k on k.sop_id = s.id and k.vessel_code = v.code
        left join users ku on ku.id = k.user_id
        where (cardinality(s.vessel_codes) = 0 or v.code = any(s.vessel_codes)) and ${vesselScope}), '[]'::json) as vessels
    from circulars c join sops s on s.id = c.sop_id
    ${versionInForceIfAny}
    left join lateral (select count(a.id)::int as read, count(u.id)::int as readers ${readerOf}) t on e.id is not null
    where ${sopVisible(viewOf(actor), 's')}
    order by c.year desc, c.seq desc`)) as unknown as Rows<Row>;
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    // The SOP's title carries the number first (circulars.service.ts); the register shows it apart.
    title: r.title.startsWith(`${r.number} `) ? r.title.slice(r.number.length + 1) : r.title,
    status: r.status,
    versionId: r.version_id,
    latestVersionId: r.latest_version_id,
    issuedAt: r.issued_at === null ? null : new Date(r.issued_at),
    dueDate: r.due_date,
    expiresAt: r.expires_at,
    expired: Boolean(r.expired),
    vesselCodes: r.vessel_codes ?? [],
    departments: r.departments,
    positions: r.positions,
    read: Number(r.read),
    readers: Number(r.readers),
    vessels: r.vessels.map((v) => ({
      ...v,
      acknowledgedAt: v.acknowledgedAt === null ? null : new Date(v.acknowledgedAt),
      acknowledgedBy: v.acknowledgedAt === null ? null : v.acknowledgedBy,
    })),
  }));
}

/** The register as a spreadsheet: one row per circular and vessel (one row with no vessel column for a circular not yet issued anywhere). */
export const CIRCULAR_CSV_HEADER = [
  'Number',
  'Title',
  'Status',
  'Issued',
  'Due date',
  'Expires',
  'Expired',
  'Read',
  'Readers',
  'Vessel',
  'Vessel read',
  'Vessel readers',
  'Acknowledged',
  'Acknowledged by',
];

export function circularCsvRows(list: CircularOut[]): (string | number | null)[][] {
  return list.flatMap((c) => {
    const head = [
      c.number,
      c.title,
      c.status,
      c.issuedAt?.toISOString().slice(0, 10) ?? null,
      c.dueDate,
      c.expiresAt,
      c.expired ? 'yes' : 'no',
      c.read,
      c.readers,
    ];
    if (c.vessels.length === 0) return [[...head, null, null, null, null, null]];
    return c.vessels.map((v) => [...head, v.vesselCode, v.read, v.readers, v.acknowledgedAt?.toISOString() ?? null, v.acknowledgedBy]);
  });
}
