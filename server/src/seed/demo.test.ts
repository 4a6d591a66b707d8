import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MyReading } from '../../../common/contracts/reading';
import type { SopDetail, SopListItem } from '../../../common/contracts/sops';
import { approvalTasks, attachmentPreviews, attachments, departments, users } from '../db/schema';
import { crewOf } from '../test/factories';
import { seedDemo } from './demo';

// An approver reads every status (a plain user sees the versions in force and their own SOPs).
const { t, reader, crew } = await crewOf({ reader: 'approver', crew: 'user' });

describe('seedDemo', () => {
  // The whole demo line with its files' previews made by the document workers: 7 s on a quiet
  // machine, 30 s seen with both cores shared.
  it('fills an empty database with every status, real attachments and their previews', { timeout: 90_000 }, async () => {
    const result = await seedDemo(t.db, { limit: 6 });
    expect(result).toMatchObject({ created: true, sops: 6 });
    expect(Object.values(result.byScenario ?? {})).toEqual([1, 1, 1, 1, 1, 1]);

    const list: SopListItem[] = (await t.as(reader, { method: 'GET', url: '/api/sops' })).json();
    expect(new Set(list.map((s) => s.status))).toEqual(new Set(['published', 'draft', 'submitted', 'changes_requested']));
    // Every SOP has its document; the two fleet circulars (numbered 'FC-…') are text only.
    expect(list.filter((s) => s.title.startsWith('FC-'))).toHaveLength(2);
    expect(list.every((s) => s.title.startsWith('FC-') || (s.latestVersion && s.latestVersion.attachmentCount === 1))).toBe(true);
    expect(list.find((s) => s.status === 'submitted')?.pendingTaskId).toEqual(expect.any(Number));
    // A crew member's list holds only what is in force.
    const crewList: SopListItem[] = (await t.as(crew, { method: 'GET', url: '/api/sops' })).json();
    expect(crewList.length).toBeGreaterThan(0);
    expect(crewList.every((s) => s.inForce !== null && s.status === 'published')).toBe(true);

    // The SOP revised after publication: a draft whose published version stays effective.
    const revising = list.find((s) => s.status === 'draft' && s.hasPublishedVersion)!;
    const detail: SopDetail = (await t.as(reader, { method: 'GET', url: `/api/sops/${revising.id}` })).json();
    expect(detail.versions.map((v) => v.versionNumber)).toEqual(['1.1', '1.0']);
    expect(detail.effectiveVersionId).toBe(detail.versions[1].id);

    const files = await t.db.select({ id: attachments.id, mimeType: attachments.mimeType }).from(attachments);
    const previews = await t.db.select({ id: attachmentPreviews.attachmentId }).from(attachmentPreviews);
    expect(previews).toHaveLength(files.length);
    expect(new Set(files.map((f) => f.mimeType))).toEqual(
      new Set(['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']),
    );
    expect(await t.db.select().from(approvalTasks).where(eq(approvalTasks.status, 'pending'))).toHaveLength(1);
    const names = (await t.db.select({ name: departments.name }).from(departments)).map((d) => d.name);
    expect(names).toEqual(
      expect.arrayContaining(['Marine', 'Deck', 'Engine', 'Hotel', 'Housekeeping', 'Food & Beverage', 'Guest Services', 'Safety & Environment', 'Medical']),
    );
    // Crew work in departments: some of their required reading is done, some outstanding.
    const people = await t.db.select({ id: users.id, username: users.username, departmentId: users.departmentId }).from(users).where(eq(users.role, 'user'));
    const demoCrew = people.filter((u) => u.id !== crew.id);
    expect(demoCrew.length).toBeGreaterThan(4);
    expect(demoCrew.every((u) => u.departmentId !== null)).toBe(true);
    const reading: MyReading[] = await Promise.all(
      demoCrew.map(async (u) => {
        const login = await t.as(null, { method: 'POST', url: '/api/login', payload: { username: u.username, password: 'demo-crew-2025' } });
        expect(login.statusCode).toBe(200);
        const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
        return (await t.app.inject({ method: 'GET', url: '/api/reading', headers: { cookie } })).json();
      }),
    );
    expect(reading.some((r) => r.outstanding.length > 0)).toBe(true);
    expect(reading.some((r) => r.done.length > 0)).toBe(true);
    // Two of them read the app in their own language from their first sign-in, whatever the browser says.
    for (const [username, language] of [
      ['rajesh.kumar', 'hi'],
      ['maria.santos', 'fil'],
    ]) {
      const login = await t.as(null, {
        method: 'POST',
        url: '/api/login',
        headers: { 'accept-language': 'en-GB' },
        payload: { username, password: 'demo-crew-2025' },
      });
      expect(login.json()).toMatchObject({ username, language });
    }
    // Three manuals built from the demo SOPs, every SOP a section of one of them (not the circulars).
    const manuals: { code: string; sectionCount: number }[] = (await t.as(reader, { method: 'GET', url: '/api/manuals' })).json();
    expect(manuals.map((m) => m.code)).toEqual(['FOM', 'HOM', 'SMS']);
    expect(manuals.reduce((n, m) => n + m.sectionCount, 0)).toBe(list.length - 2);
    // Two circulars issued to the fleet.
    const circulars: { number: string; versionId: number | null }[] = (await t.as(reader, { method: 'GET', url: '/api/circulars' })).json();
    expect(circulars).toEqual([expect.objectContaining({ versionId: expect.any(Number) }), expect.objectContaining({ versionId: expect.any(Number) })]);
    // The crew's suggestions on procedures in force: of these six SOPs only the lifeboat drill's,
    // taken up by an approver with a reply and linked to its next version.
    const suggestions: { status: string; reply: string | null; sopTitle: string; createdAt: string; triagedAt: string }[] = (
      await t.as(reader, { method: 'GET', url: '/api/suggestions' })
    ).json();
    expect(suggestions).toEqual([
      expect.objectContaining({ status: 'accepted', sopTitle: 'Lifeboat Launching Drill', reply: expect.stringContaining('the coxswain releases them') }),
    ]);
    // Made days ago and answered later, not both at the moment of seeding.
    const [made, answered] = [Date.parse(suggestions[0].createdAt), Date.parse(suggestions[0].triagedAt)];
    expect(made).toBeLessThan(Date.now() - 86_400_000);
    expect(answered).toBeGreaterThan(made);
    expect(answered).toBeLessThan(Date.now() - 86_400_000);
    // Dates are spread over past months, never in the future.
    expect(list.every((s) => new Date(s.updatedAt).getTime() <= Date.now())).toBe(true);
    expect(new Set(list.map((s) => s.createdAt.slice(0, 10))).size).toBeGreaterThan(1);
  });

  it('refuses politely when SOPs exist and changes nothing', async () => {
    const before = (await t.db.select({ id: attachments.id }).from(attachments)).length;
    const result = await seedDemo(t.db, { limit: 6 });
    // Six SOPs and the two circulars.
    expect(result).toEqual({ created: false, existingSops: 8 });
    expect((await t.db.select({ id: attachments.id }).from(attachments)).length).toBe(before);
  });
});
