import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent, AuditFieldChange } from '../../../../common/contracts/audit';
import type { SopHistoryEvent } from '../../../../common/contracts/review-loop';
import { auditEvents, sopVersions } from '../../db/schema';
import { crewOf, type TestUser, buildDepartment } from '../../test/factories';
import { createSopAs, uploadAttachments } from '../../test/client';

/** An edit records only the fields it changed, with before and after; a save that changes nothing adds nothing. */

const { t, admin, author } = await crewOf({ admin: 'admin', author: { role: 'user', firstName: 'Lena', lastName: 'Novak' } });
let deck: { id: number };
let hotel: { id: number };

beforeAll(async () => {
  deck = await buildDepartment(t.db, 'Deck');
  hotel = await buildDepartment(t.db, 'Hotel');
});

const eventsOf = async (action: string, entityId: number) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)))
    .orderBy(desc(auditEvents.id));
const changesOf = (event: { metadata: unknown }) => (event.metadata as { changes: AuditFieldChange[] }).changes;
const put = (who: TestUser, id: number, payload: object) => t.as(who, { method: 'PUT', url: `/api/sops/${id}`, payload });

describe('saving an SOP', () => {
  const content = '# Steps\n- Single up the lines';
  const form = (id: number) => ({ title: `Mooring ${id}`, departmentId: deck.id, category: 'Deck', summary: null, tags: ['mooring'], content });

  it('with nothing changed adds no version and no event, and says so', async () => {
    const sop = await createSopAs(t, author, { departmentId: deck.id, title: 'Mooring', category: 'Deck', tags: ['mooring'], content });
    const body = { ...form(0), title: 'Mooring' };
    const res = await put(author, sop.id, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ versionAdded: false, message: 'Nothing changed, so no new version was added' });
    expect(await t.db.select().from(sopVersions).where(eq(sopVersions.sopId, sop.id))).toHaveLength(1);
    expect(await eventsOf('sop_updated', sop.id)).toEqual([]);
    // Keeping every file of the latest version is no change either.
    const kept = await put(author, sop.id, { ...body, keepAttachmentIds: [] });
    expect(kept.json().versionAdded).toBe(false);
    const history = (await t.as(author, { method: 'GET', url: `/api/sops/${sop.id}/history` })).json() as SopHistoryEvent[];
    expect(history.filter((e) => e.action === 'sop_version_created')).toEqual([]);
  });

  it('with only its details changed records those fields, before and after, and adds no version', async () => {
    const sop = await createSopAs(t, author, { departmentId: deck.id, title: 'Mooring', category: 'Deck', tags: ['mooring'], content });
    const res = await put(author, sop.id, { ...form(0), title: 'Mooring', departmentId: hotel.id, tags: ['mooring', 'lines'] });
    expect(res.json()).toMatchObject({ versionAdded: false, message: 'Details saved; the text and files are unchanged, so no new version was added' });
    const [event] = await eventsOf('sop_updated', sop.id);
    expect(changesOf(event)).toEqual([
      { field: 'department', label: 'Department', from: 'Deck', to: 'Hotel' },
      { field: 'tags', label: 'Tags', from: ['mooring'], to: ['mooring', 'lines'] },
    ]);
    expect(await t.db.select().from(sopVersions).where(eq(sopVersions.sopId, sop.id))).toHaveLength(1);
  });

  it('adds a version when the text changes, when a file is left out, or when files are about to be added', async () => {
    const sop = await createSopAs(t, author, { departmentId: deck.id, title: 'Mooring', category: 'Deck', tags: ['mooring'], content });
    const body = { ...form(0), title: 'Mooring' };
    expect((await put(author, sop.id, { ...body, content: `${content}\n- Report` })).json()).toMatchObject({
      versionAdded: true,
      message: 'Saved as version 1.1',
    });
    expect(await eventsOf('sop_updated', sop.id)).toEqual([]);
    expect((await put(author, sop.id, { ...body, content: `${content}\n- Report`, attachingFiles: true })).json().versionAdded).toBe(true);
    const latest = (await t.as(author, { method: 'GET', url: `/api/sops/${sop.id}` })).json().latestVersionId as number;
    const upload = await uploadAttachments(t, author, latest, [{ name: 'lines.txt', type: 'text/plain', data: Buffer.from('lines') }]);
    expect(upload.statusCode, upload.body).toBeLessThan(300);
    const leftOut = await put(author, sop.id, { ...body, content: `${content}\n- Report`, keepAttachmentIds: [] });
    expect(leftOut.json()).toMatchObject({ versionAdded: true, message: 'Saved as version 1.3' });
  });
});

describe('an admin editing an account', () => {
  it('records only the department when only the department changed, by name, never a password or hash', async () => {
    const lena = await t.signedInUser('user');
    await t.as(admin, { method: 'PATCH', url: `/api/admin/users/${lena.id}`, payload: { departmentId: deck.id } });
    const res = await t.as(admin, {
      method: 'PATCH',
      url: `/api/admin/users/${lena.id}`,
      payload: { firstName: lena.firstName, lastName: lena.lastName, email: lena.email, role: 'user', departmentId: hotel.id, active: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [event] = await eventsOf('user_updated', lena.id);
    expect(event.metadata).toEqual({ name: lena.username, changes: [{ field: 'department', label: 'Department', from: 'Deck', to: 'Hotel' }] });

    // Role and active, before and after; the trail as the admin reads it holds no secret.
    await t.as(admin, { method: 'PATCH', url: `/api/admin/users/${lena.id}`, payload: { role: 'approver', departmentId: null } });
    const [second] = await eventsOf('user_updated', lena.id);
    expect(changesOf(second)).toEqual([
      { field: 'role', label: 'Role', from: 'user', to: 'approver' },
      { field: 'department', label: 'Department', from: 'Hotel', to: null },
    ]);
    await t.as(admin, { method: 'POST', url: `/api/admin/users/${lena.id}/password`, payload: { password: 'a-brand-new-passphrase-42' } });
    const trail = await t.as(admin, { method: 'GET', url: '/api/audit?limit=100' });
    expect(trail.body).not.toMatch(/argon2|password"|a-brand-new-passphrase/i);
    const mine = (trail.json() as AuditEvent[]).filter((e) => e.entityType === 'user' && e.entityId === lena.id);
    expect(mine.map((e) => e.action)).toEqual(['user_password_reset', 'user_updated', 'user_updated', 'user_updated', 'user_registered']);

    // The same values again: no event.
    await t.as(admin, { method: 'PATCH', url: `/api/admin/users/${lena.id}`, payload: { role: 'approver' } });
    expect(await eventsOf('user_updated', lena.id)).toHaveLength(3);
  });
});

describe('an admin editing a department and the settings', () => {
  it('records the department fields that changed, the division by name', async () => {
    const division = await buildDepartment(t.db, 'Marine');
    const galley = await buildDepartment(t.db, 'Galley');
    const res = await t.as(admin, {
      method: 'PUT',
      url: `/api/departments/${galley.id}`,
      payload: { name: 'Galley', description: null, parentId: division.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [event] = await eventsOf('department_updated', galley.id);
    expect(event.metadata).toEqual({ name: 'Galley', changes: [{ field: 'division', label: 'Division', from: null, to: 'Marine' }] });
    await t.as(admin, { method: 'PUT', url: `/api/departments/${galley.id}`, payload: { name: 'Galley', description: null, parentId: division.id } });
    expect(await eventsOf('department_updated', galley.id)).toHaveLength(1);
  });

  it('records the registration setting before and after, and nothing when it did not change', async () => {
    // A new installation starts closed (decision 052).
    const opened = await t.as(admin, { method: 'PUT', url: '/api/admin/settings', payload: { registrationOpen: true } });
    expect(opened.statusCode, opened.body).toBe(200);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'registration_opened'));
    expect(changesOf(event)).toEqual([{ field: 'registrationOpen', label: 'Self-registration open', from: false, to: true }]);
    await t.as(admin, { method: 'PUT', url: '/api/admin/settings', payload: { registrationOpen: true } });
    expect(await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'registration_opened'))).toHaveLength(1);
  });
});
