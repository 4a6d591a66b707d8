import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SopDetail } from '../../../../common/contracts/sops';
import { auditEvents, sops, sopVersions } from '../../db/schema';
import { crewOf, buildDepartment } from '../../test/factories';
import { createSopAs } from '../../test/client';

const { t, admin, approver, owner, other } = await crewOf({
  admin: 'admin',
  approver: 'approver',
  owner: { role: 'user', firstName: 'Liam', lastName: 'Murphy' },
  other: 'user',
});
let deck: { id: number; name: string };

beforeAll(async () => {
  const marine = await buildDepartment(t.db, 'Marine');
  deck = await buildDepartment(t.db, 'Deck', marine.id);
});

const auditsFor = (sopId: number) => t.db.select().from(auditEvents).where(eq(auditEvents.entityId, sopId));

describe('POST /api/sops', () => {
  it('creates a draft owned by the caller with version 1.0 and writes sop_created', async () => {
    const res = await t.as(owner, {
      method: 'POST',
      url: '/api/sops',
      payload: {
        title: ' Mooring Lines ',
        departmentId: deck.id,
        category: 'Deck',
        summary: 'Handling lines',
        tags: ['mooring', ' mooring ', '', 'lines'],
        content: '# Steps',
      },
    });
    expect(res.statusCode).toBe(201);
    const sop: SopDetail = res.json();
    expect(sop).toMatchObject({
      title: 'Mooring Lines',
      status: 'draft',
      ownerId: owner.id,
      tags: ['mooring', 'lines'],
      department: { name: 'Deck' },
      owner: { firstName: 'Liam', lastName: 'Murphy' },
    });
    expect(sop.latestVersionId).toBe(sop.latestVersion?.id);
    expect(sop.latestVersion).toMatchObject({ versionNumber: '1.0', changelog: 'Initial version', content: '# Steps', isPublished: false, attachments: [] });
    expect(sop.versions).toHaveLength(1);
    const audits = await auditsFor(sop.id);
    expect(audits.find((a) => a.action === 'sop_created')?.metadata).toEqual({ title: 'Mooring Lines' });
  });

  it('writes a line naming the SOP when no content is sent (dashboard upload)', async () => {
    const sop = await createSopAs(t, approver, { title: 'Anchor Watch', departmentId: deck.id, content: undefined });
    expect(sop.latestVersion?.content).toContain('Anchor Watch');
  });

  it('names the missing fields', async () => {
    const res = await t.as(owner, { method: 'POST', url: '/api/sops', payload: { title: '  ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Title is required');
    expect(res.json().message).toContain('Department is required');
  });

  it('refuses a department that does not exist and stores nothing', async () => {
    const before = await t.db.select({ id: sops.id }).from(sops);
    const res = await t.as(owner, { method: 'POST', url: '/api/sops', payload: { title: 'Ghost', departmentId: 99999 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Department not found');
    expect(await t.db.select({ id: sops.id }).from(sops)).toHaveLength(before.length);
  });

  it('is 401 signed out, before the body is even validated', async () => {
    const res = await t.as(null, { method: 'POST', url: '/api/sops', payload: { title: 'X', departmentId: deck.id } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized', code: 'unauthorized' });
    expect((await t.as(null, { method: 'POST', url: '/api/sops', payload: {} })).statusCode).toBe(401);
  });
});

describe('GET /api/sops/{id}', () => {
  it('lets the owner, approvers and admins read every version, newest first; another plain user gets 404 for a draft', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deck.id });
    await t.as(owner, { method: 'POST', url: `/api/sops/${sop.id}/versions`, payload: { content: 'second text' } });
    expect((await t.as(other, { method: 'GET', url: `/api/sops/${sop.id}` })).statusCode).toBe(404);
    for (const reader of [admin, approver, owner]) {
      const res = await t.as(reader, { method: 'GET', url: `/api/sops/${sop.id}` });
      expect(res.statusCode).toBe(200);
      const body: SopDetail = res.json();
      expect(body.versions.map((v) => v.versionNumber)).toEqual(['1.1', '1.0']);
      expect(body.latestVersion?.versionNumber).toBe('1.1');
      expect(body.effectiveVersionId).toBeNull();
    }
  });

  it('is 404 for an unknown id, 400 for a malformed one and 401 signed out', async () => {
    expect((await t.as(other, { method: 'GET', url: '/api/sops/424242' })).statusCode).toBe(404);
    expect((await t.as(other, { method: 'GET', url: '/api/sops/abc' })).statusCode).toBe(400);
    expect((await t.as(null, { method: 'GET', url: '/api/sops/1' })).statusCode).toBe(401);
  });
});

describe('PUT /api/sops/{id}', () => {
  it('lets the owner update fields and add a version with the next minor number', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deck.id, title: 'Gangway' });
    const res = await t.as(owner, {
      method: 'PUT',
      url: `/api/sops/${sop.id}`,
      payload: { title: 'Gangway Watch', departmentId: deck.id, tags: ['port'], content: 'new text' },
    });
    expect(res.statusCode).toBe(200);
    const body: SopDetail = res.json();
    expect(body).toMatchObject({ title: 'Gangway Watch', tags: ['port'] });
    expect(body.latestVersion).toMatchObject({ versionNumber: '1.1', changelog: 'Updated version', content: 'new text' });
    const actions = (await auditsFor(sop.id)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['sop_created', 'sop_updated', 'sop_version_created']));
  });

  it('changes only the fields when no content is sent', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deck.id });
    const res = await t.as(owner, { method: 'PUT', url: `/api/sops/${sop.id}`, payload: { title: 'Renamed', departmentId: deck.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().versions).toHaveLength(1);
  });

  it('lets an approver and an admin edit SOPs they do not own', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deck.id });
    for (const editor of [approver, admin]) {
      const res = await t.as(editor, { method: 'PUT', url: `/api/sops/${sop.id}`, payload: { title: `By ${editor.role}`, departmentId: deck.id } });
      expect(res.statusCode).toBe(200);
    }
  });

  it('refuses a user who is not the owner and changes nothing (404 while they may not see it)', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deck.id, title: 'Kept' });
    const steal = () => t.as(other, { method: 'PUT', url: `/api/sops/${sop.id}`, payload: { title: 'Stolen', departmentId: deck.id, content: 'x' } });
    expect((await steal()).statusCode).toBe(404);
    await t.db.update(sopVersions).set({ approvedAt: new Date(), approvedBy: approver.id }).where(eq(sopVersions.id, sop.latestVersionId!));
    const res = await steal();
    expect(res.statusCode).toBe(403);
    const [row] = await t.db.select().from(sops).where(eq(sops.id, sop.id));
    expect(row.title).toBe('Kept');
    expect(await t.db.select().from(sopVersions).where(eq(sopVersions.sopId, sop.id))).toHaveLength(1);
  });

  it('refuses a duplicate version number with 409 and rolls back the field changes', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deck.id, title: 'Before' });
    const res = await t.as(owner, {
      method: 'PUT',
      url: `/api/sops/${sop.id}`,
      payload: { title: 'After', departmentId: deck.id, content: 'x', versionNumber: '1.0' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Version 1.0 already exists');
    const [row] = await t.db.select().from(sops).where(eq(sops.id, sop.id));
    expect(row.title).toBe('Before');
  });

  it('is 404 for an unknown SOP and 400 for an unknown department', async () => {
    expect((await t.as(admin, { method: 'PUT', url: '/api/sops/999999', payload: { title: 'X', departmentId: deck.id } })).statusCode).toBe(404);
    const sop = await createSopAs(t, owner, { departmentId: deck.id });
    const res = await t.as(owner, { method: 'PUT', url: `/api/sops/${sop.id}`, payload: { title: 'X', departmentId: 999999 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Department not found');
  });
});

describe('POST /api/sops/{id}/versions', () => {
  it('adds a version with the given number and changelog', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deck.id });
    const res = await t.as(owner, {
      method: 'POST',
      url: `/api/sops/${sop.id}/versions`,
      payload: { sopId: sop.id, versionNumber: '2.0', content: 'Rewritten', changelog: 'Rewrite' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ sopId: sop.id, versionNumber: '2.0', changelog: 'Rewrite', isPublished: false });
    const [row] = await t.db.select().from(sops).where(eq(sops.id, sop.id));
    expect(row.latestVersionId).toBe(res.json().id);
  });

  it('requires content, refuses non-owners and duplicates, 404s unknown SOPs', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deck.id });
    const empty = await t.as(owner, { method: 'POST', url: `/api/sops/${sop.id}/versions`, payload: { content: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Content is required');
    // Another person's draft is not theirs to see: 404 (403 on an SOP in force: sop-refusals.routes.test.ts).
    expect((await t.as(other, { method: 'POST', url: `/api/sops/${sop.id}/versions`, payload: { content: 'x' } })).statusCode).toBe(404);
    expect((await t.as(owner, { method: 'POST', url: `/api/sops/${sop.id}/versions`, payload: { content: 'x', versionNumber: '1.0' } })).statusCode).toBe(409);
    expect((await t.as(admin, { method: 'POST', url: '/api/sops/999999/versions', payload: { content: 'x' } })).statusCode).toBe(404);
  });

  it('puts a published SOP back to draft and keeps the published version effective', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deck.id });
    await t.db.update(sopVersions).set({ approvedAt: new Date(), approvedBy: approver.id }).where(eq(sopVersions.id, sop.latestVersionId!));
    await t.db.update(sops).set({ status: 'published' }).where(eq(sops.id, sop.id));
    await t.as(owner, { method: 'POST', url: `/api/sops/${sop.id}/versions`, payload: { content: 'revision' } });
    const body: SopDetail = (await t.as(approver, { method: 'GET', url: `/api/sops/${sop.id}` })).json();
    expect(body.status).toBe('draft');
    expect(body.effectiveVersionId).toBe(sop.latestVersionId);
    expect(body.versions[1].isPublished).toBe(true);
    expect(body.hasPublishedVersion).toBe(true);
    // Another plain user reads it as the version in force.
    const asRead: SopDetail = (await t.as(other, { method: 'GET', url: `/api/sops/${sop.id}` })).json();
    expect(asRead.status).toBe('published');
    expect(asRead.versions.map((v) => v.id)).toEqual([sop.latestVersionId]);
  });

  it('refuses a new version while the SOP waits for approval', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deck.id });
    await t.as(owner, { method: 'POST', url: `/api/sops/${sop.id}/submit` });
    const res = await t.as(owner, { method: 'POST', url: `/api/sops/${sop.id}/versions`, payload: { content: 'sneaky edit' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/waiting for approval/);
  });
});

describe('DELETE /api/sops/{id}', () => {
  it('lets the owner and an admin delete a draft never approved; versions go, audit events stay', async () => {
    for (const deleter of [owner, admin]) {
      const sop = await createSopAs(t, owner, { departmentId: deck.id, title: `Doomed by ${deleter.role}` });
      const res = await t.as(deleter, { method: 'DELETE', url: `/api/sops/${sop.id}` });
      expect(res.statusCode).toBe(200);
      expect((await t.as(owner, { method: 'GET', url: `/api/sops/${sop.id}` })).statusCode).toBe(404);
      expect(await t.db.select().from(sopVersions).where(eq(sopVersions.sopId, sop.id))).toHaveLength(0);
      const audits = await auditsFor(sop.id);
      expect(audits.find((a) => a.action === 'sop_deleted')?.metadata).toEqual({ title: `Doomed by ${deleter.role}` });
      expect(audits.some((a) => a.action === 'sop_created')).toBe(true);
    }
  });

  it('refuses an approver on someone else’s draft, and keeps the SOP (an SOP in force: sop-withdraw.routes.test.ts)', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deck.id });
    const res = await t.as(approver, { method: 'DELETE', url: `/api/sops/${sop.id}` });
    expect(res.statusCode).toBe(403);
    expect((await t.as(owner, { method: 'GET', url: `/api/sops/${sop.id}` })).statusCode).toBe(200);
  });

  it('is 404 for an unknown id', async () => {
    expect((await t.as(admin, { method: 'DELETE', url: '/api/sops/999999' })).statusCode).toBe(404);
    expect((await t.as(owner, { method: 'DELETE', url: '/api/sops/999999' })).statusCode).toBe(404);
  });
});
