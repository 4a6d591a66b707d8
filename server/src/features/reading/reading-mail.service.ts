import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type MailLinks, notify } from '../mail/notify.service';
import { activeReader, readsSop } from './audience-filter.service';

/**
 * A version came into force: mail everyone in the SOP's audience who has not attested it
 * (an editorial version's carried attestations count), exactly the people whose required
 * reading it now joins.
 */
export async function mailNewReading(db: Db, links: MailLinks, sop: { id: number; title: string }, version: { id: number; versionNumber: string }) {
  if (!links) return;
  await notify(db, links, {
    kind: 'reading',
    to: sql`select u.id from users u left join departments ud on ud.id = u.department_id join sops s on s.id = ${sop.id}
      where ${activeReader} and ${readsSop()}
        and not exists (select 1 from attestations a where a.user_id = u.id and a.version_id = ${version.id})`,
    message: (words) => words.newReading({ title: sop.title, version: version.versionNumber }),
    path: `/sop/${sop.id}`,
  });
}
