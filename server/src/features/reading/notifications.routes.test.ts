import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Notifications } from '../../../../common/contracts/reading';
import { sopVersions } from '../../db/schema';
import { crewOf, buildDepartment, buildSop } from '../../test/factories';
import { createSopAs, submitSopAs } from '../../test/client';
import { attestAs, notificationsOf, placeIn, publishedSop } from '../../test/reading';

const { t, admin, approver, author, deckhand, steward } = await crewOf({
  admin: 'admin',
  approver: 'approver',
  author: 'user',
  deckhand: 'user',
  steward: 'user',
});
let deck = 0;
let hotel = 0;

beforeAll(async () => {
  deck = (await buildDepartment(t.db, 'Deck')).id;
  hotel = (await buildDepartment(t.db, 'Hotel')).id;
  await placeIn(t, admin, deck, deckhand);
  await placeIn(t, admin, hotel, steward);
});

const kinds = (n: Notifications) => n.items.map((i) => [i.kind, i.title]);

describe('notifications', () => {
  it('starts at zero', async () => {
    expect(await notificationsOf(t, deckhand)).toEqual({ count: 0, items: [] });
  });

  it('tells each role what waits for them: approvals, reading, changes requested and reviews due', async () => {
    // Pending approval: the approver and the admin may decide it, the author may not.
    const pending = await createSopAs(t, author, { departmentId: deck, title: 'Anchor watch' });
    await submitSopAs(t, author, pending.id);
    expect(kinds(await notificationsOf(t, approver))).toEqual([['approval', 'Anchor watch']]);
    expect(kinds(await notificationsOf(t, admin))).toEqual([['approval', 'Anchor watch']]);
    expect(await notificationsOf(t, author)).toEqual({ count: 0, items: [] });

    // Changes requested: only the owner hears of it; the approval item is gone.
    const { pendingTaskId } = (await t.as(author, { method: 'GET', url: `/api/sops/${pending.id}` })).json();
    const decided = await t.as(approver, {
      method: 'PUT',
      url: `/api/approvals/${pendingTaskId}`,
      payload: { status: 'changes_requested', comments: 'Add the bell signals' },
    });
    expect(decided.statusCode).toBe(200);
    expect(kinds(await notificationsOf(t, author))).toEqual([['changes_requested', 'Anchor watch']]);
    expect(await notificationsOf(t, approver)).toEqual({ count: 0, items: [] });

    // Required reading: the Deck crew member, until they attest; the Hotel steward never.
    const mooring = await publishedSop(t, author, approver, deck, 'Mooring stations');
    const forDeckhand = await notificationsOf(t, deckhand);
    expect(forDeckhand).toEqual({ count: 1, items: [{ kind: 'reading', sopId: mooring.id, title: 'Mooring stations', at: expect.any(String) }] });
    expect(await notificationsOf(t, steward)).toEqual({ count: 0, items: [] });
    await attestAs(t, deckhand, mooring.versionId);
    expect(await notificationsOf(t, deckhand)).toEqual({ count: 0, items: [] });

    // Review due: the owner's SOP approved two months ago on a monthly cycle is overdue; the
    // approver and the admin see it too, other crew do not.
    const drills = await createSopAs(t, author, { departmentId: hotel, title: 'Fire drills', reviewFrequency: 1 });
    await submitSopAs(t, author, drills.id);
    const task = (await t.as(author, { method: 'GET', url: `/api/sops/${drills.id}` })).json().pendingTaskId;
    expect((await t.as(approver, { method: 'PUT', url: `/api/approvals/${task}`, payload: { status: 'approved' } })).statusCode).toBe(200);
    await t.db
      .update(sopVersions)
      .set({ approvedAt: new Date(Date.now() - 62 * 24 * 3600 * 1000) })
      .where(eq(sopVersions.sopId, drills.id));
    const forAuthor = await notificationsOf(t, author);
    expect(kinds(forAuthor)).toEqual([
      ['changes_requested', 'Anchor watch'],
      ['review_due', 'Fire drills'],
    ]);
    expect(forAuthor.count).toBe(2);
    expect(kinds(await notificationsOf(t, approver))).toEqual([['review_due', 'Fire drills']]);
    expect(kinds(await notificationsOf(t, admin))).toEqual([['review_due', 'Fire drills']]);
    expect(kinds(await notificationsOf(t, deckhand))).toEqual([]);
    // The steward must read the Hotel SOP: that is all they see of it, as overdue reading since
    // it came into force two months ago.
    expect(kinds(await notificationsOf(t, steward))).toEqual([['reading_due', 'Fire drills']]);
  });

  it('counts everything but lists at most 50, newest first', async () => {
    const start = Date.now() - 3600_000;
    for (let i = 0; i < 51; i++) {
      await buildSop(t.db, { departmentId: deck, ownerId: author.id, title: `Queued ${i}`, taskCreatedAt: new Date(start + i * 1000) });
    }
    const forApprover = await notificationsOf(t, approver);
    expect(forApprover.count).toBe(52);
    expect(forApprover.items).toHaveLength(50);
    expect(forApprover.items.filter((i) => i.kind === 'approval')[0].title).toBe('Queued 50');
    expect((await notificationsOf(t, deckhand)).count).toBe(0);
    expect((await t.as(null, { method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});
