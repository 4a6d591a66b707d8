import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../../common/contracts/auth';
import type { Db } from '../db/client';
import type { Rows } from '../db/rows';
import { sops, suggestions } from '../db/schema';
import { OFFICE } from '../features/fleet/instance.helper';
import { inForceIdOf } from '../features/sops/sop-visibility.service';
import { createSuggestion, triageSuggestion } from '../features/suggestions/suggestions.service';

interface DemoSuggestion {
  by: string;
  sop: string;
  section: string | null;
  text: string;
  /** How long ago it was made (never before the version it was made on came into force). */
  daysAgo: number;
  /** The answer an approver gave and how long ago, or none yet (open). */
  answer?: { status: 'accepted' | 'declined'; reply: string; daysAgo: number };
}

/** What the demo crew suggested on procedures in force (decision 079): one open, one taken up, one declined with its reason. */
export const DEMO_SUGGESTIONS: DemoSuggestion[] = [
  {
    by: 'lena.novak',
    sop: 'Mooring Operations Fore and Aft',
    section: 'Step 2',
    text: 'Test the winch brakes before the pilot boards, not while lines are going out: at the last call in Piraeus there was no time to do it properly.',
    daysAgo: 2,
  },
  {
    by: 'konstantinos.pa',
    sop: 'Lifeboat Launching Drill',
    section: 'Step 3',
    text: 'Say who releases the gripes. On deck 4 the boat crew and the deck crew each thought the other would.',
    daysAgo: 12,
    answer: { status: 'accepted', reply: 'Agreed: the coxswain releases them, on the officer’s order. It goes into the next revision.', daysAgo: 9 },
  },
  {
    by: 'tom.barker',
    sop: 'Bridge Watchkeeping Handover',
    section: null,
    text: 'Could the handover also list the engine room alarms that are inhibited?',
    daysAgo: 30,
    answer: {
      status: 'declined',
      reply: 'Inhibited alarms are handed over in the engine room log and the bridge is told by phone; the bridge handover keeps to the bridge.',
      daysAgo: 26,
    },
  },
];

/** Makes the demo suggestions through the same service as the app (skipping an SOP not in force in a shortened demo); `approver` answers. */
export async function seedDemoSuggestions(db: Db, people: SessionUser[], approver: SessionUser): Promise<number> {
  let made = 0;
  for (const s of DEMO_SUGGESTIONS) {
    const by = people.find((p) => p.username === s.by);
    const [sop] = (
      (await db.execute(sql`select s.id, ${inForceIdOf('s')} as version_id from ${sops} s where s.title = ${s.sop}`)) as unknown as Rows<{
        id: number;
        version_id: number | null;
      }>
    ).rows;
    if (!by || !sop || sop.version_id === null) continue;
    const suggestion = await createSuggestion(db, by, OFFICE, sop.id, { text: s.text, section: s.section });
    if (s.answer) await triageSuggestion(db, approver, OFFICE, suggestion.id, { status: s.answer.status, reply: s.answer.reply }, null);
    await backdate(db, suggestion.id, s.daysAgo, s.answer?.daysAgo ?? null);
    made++;
  }
  return made;
}

/**
 * Spreads the demo's suggestions over the past weeks as a line's would be, none before the
 * version it was made on came into force and no answer before its suggestion.
 */
async function backdate(db: Db, id: number, madeDaysAgo: number, answeredDaysAgo: number | null) {
  await db.execute(sql`update ${suggestions} s set
      created_at = made.at,
      triaged_at = case when s.triaged_at is null then null else least(now(), greatest(made.at + interval '2 hours', now() - ${answeredDaysAgo ?? 0} * interval '1 day')) end
    from (select least(now(), greatest(coalesce(v.approved_at, now()) + interval '1 day', now() - ${madeDaysAgo} * interval '1 day')) as at
          from ${suggestions} m join sop_versions v on v.id = m.version_id where m.id = ${id}) made
    where s.id = ${id}`);
}
