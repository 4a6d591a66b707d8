import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mostUsedTemplate, type SopTemplate, type TemplateInput } from '../../../../common/contracts/templates';
import { auditEvents, sops, sopTemplates } from '../../db/schema';
import { buildDepartment } from '../../test/factories';
import { createSopAs } from '../../test/client';
import { crewOf, type TestUser } from '../../test/factories';

const { t, admin, approver, crew } = await crewOf({ admin: 'admin', approver: 'approver', crew: 'user' });
const department = await buildDepartment(t.db, 'Deck');

const list = async (as: TestUser = admin): Promise<SopTemplate[]> => {
  const res = await t.as(as, { method: 'GET', url: '/api/templates' });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const post = (payload: unknown, as: TestUser | null = admin) => t.as(as, { method: 'POST', url: '/api/templates', payload: payload as object });
const put = (id: number | string, payload: unknown, as: TestUser | null = admin) =>
  t.as(as, { method: 'PUT', url: `/api/templates/${id}`, payload: payload as object });
const remove = (id: number | string, as: TestUser | null = admin) => t.as(as, { method: 'DELETE', url: `/api/templates/${id}` });

let n = 0;
const aTemplate = (overrides: Partial<TemplateInput> = {}): TemplateInput => ({
  name: `Checklist ${++n}`,
  content: '## Purpose\n\n## Steps\n1. \n\n## Safety considerations\n',
  category: 'Checklists',
  tags: ['deck'],
  ...overrides,
});
async function created(overrides: Partial<TemplateInput> = {}): Promise<SopTemplate> {
  const res = await post(aTemplate(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const eventsOf = (action: string, id: number) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, id)));
const rowCount = async () => (await t.db.select({ id: sopTemplates.id }).from(sopTemplates)).length;

describe('templates: an admin keeps them', () => {
  it('creates one, lists it by name with no use yet, and records who did it', async () => {
    const template = await created({ name: 'Process Guide', tags: [' deck ', 'deck', '', 'mooring'] });
    expect(template).toMatchObject({ name: 'Process Guide', category: 'Checklists', tags: ['deck', 'mooring'], useCount: 0, lastUsedAt: null });
    expect(template.content).toContain('## Safety considerations');
    expect((await list()).find((x) => x.id === template.id)).toEqual(template);
    const [event] = await eventsOf('template_created', template.id);
    expect(event).toMatchObject({ actorId: admin.id, entityType: 'template', metadata: { name: 'Process Guide' } });
  });

  it('edits one, recording what changed; an edit that changes nothing records nothing', async () => {
    const template = await created({ name: 'Drill record', category: null, tags: [] });
    const res = await put(template.id, aTemplate({ name: 'Drill report', category: 'Safety', tags: ['drill'], content: 'New skeleton' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: template.id, name: 'Drill report', category: 'Safety', tags: ['drill'], content: 'New skeleton' });
    const [event] = await eventsOf('template_updated', template.id);
    expect(event.metadata).toEqual({
      name: 'Drill report',
      contentChanged: true,
      changes: [
        { field: 'name', label: 'Name', from: 'Drill record', to: 'Drill report' },
        { field: 'category', label: 'Category', from: null, to: 'Safety' },
        { field: 'tags', label: 'Tags', from: [], to: ['drill'] },
      ],
    });
    expect((await put(template.id, aTemplate({ name: 'Drill report', category: 'Safety', tags: ['drill'], content: 'New skeleton' }))).statusCode).toBe(200);
    expect(await eventsOf('template_updated', template.id)).toHaveLength(1);
  });

  it('deletes one; the SOPs created from it stay as they are', async () => {
    const template = await created();
    const sop = await createSopAs(t, crew, { departmentId: department.id, templateId: template.id, content: template.content });
    const res = await remove(template.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Template deleted' });
    expect((await list()).some((x) => x.id === template.id)).toBe(false);
    expect(await t.db.select({ id: sops.id }).from(sops).where(eq(sops.id, sop.id))).toHaveLength(1);
    expect((await eventsOf('template_deleted', template.id))[0]).toMatchObject({ actorId: admin.id, metadata: { name: template.name } });
    expect((await remove(template.id)).statusCode).toBe(404);
  });

  it('refuses a second template of the same name, whatever its case, with 409 duplicate', async () => {
    const first = await created({ name: 'Galley Opening' });
    const before = await rowCount();
    const res = await post(aTemplate({ name: '  galley opening ' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'duplicate', message: 'A template named "galley opening" already exists' });
    expect(await rowCount()).toBe(before);
    const other = await created({ name: 'Galley Closing' });
    const renamed = await put(other.id, aTemplate({ name: 'GALLEY OPENING' }));
    expect(renamed.statusCode).toBe(409);
    expect((await list()).find((x) => x.id === other.id)?.name).toBe('Galley Closing');
    // Its own name in another case is not a duplicate.
    expect((await put(first.id, aTemplate({ name: 'GALLEY OPENING' }))).statusCode).toBe(200);
  });

  it.each([
    [{ ...aTemplate(), name: undefined }, 'name', 'Name is required'],
    [{ ...aTemplate(), name: '   ' }, 'name', 'Name is required'],
    [{ ...aTemplate(), name: 'x'.repeat(121) }, 'name', 'at most 120'],
    [{ ...aTemplate(), name: 'Tab\there' }, 'name', 'control characters'],
    [{ ...aTemplate(), content: ' \n ' }, 'content', 'Content is required'],
    [{ ...aTemplate(), content: undefined }, 'content', 'Content'],
    [{ ...aTemplate(), category: 'x'.repeat(101) }, 'category', 'Category'],
    [{ ...aTemplate(), tags: 'deck' }, 'tags', 'expected array'],
    [{ ...aTemplate(), tags: ['x'.repeat(51)] }, 'tags.0', 'A tag must be at most 50 characters'],
  ])('refuses %j with 400 naming the field, creating nothing', async (payload, field, words) => {
    const before = await rowCount();
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, message: expect.stringContaining(words) });
    expect(await rowCount()).toBe(before);
  });

  it('answers 400 for an id that cannot exist and 404 for one that does not', async () => {
    expect((await put('abc', aTemplate())).statusCode).toBe(400);
    expect((await remove('0')).statusCode).toBe(400);
    expect((await put(999_999, aTemplate())).statusCode).toBe(404);
    expect((await remove(999_999)).statusCode).toBe(404);
  });
});

describe('templates: who may do what', () => {
  it('approvers and users read them (they create SOPs) but write nothing: 403, and nothing changes', async () => {
    const template = await created();
    const before = await list();
    for (const as of [approver, crew]) {
      expect((await list(as)).map((x) => x.id)).toEqual(before.map((x) => x.id));
      expect((await post(aTemplate(), as)).statusCode).toBe(403);
      expect((await put(template.id, aTemplate({ name: 'Taken over' }), as)).statusCode).toBe(403);
      expect((await remove(template.id, as)).statusCode).toBe(403);
    }
    expect(await list()).toEqual(before);
  });

  it('is 401 signed out', async () => {
    expect((await t.as(null, { method: 'GET', url: '/api/templates' })).statusCode).toBe(401);
    expect((await post(aTemplate(), null)).statusCode).toBe(401);
  });

  it("is office-owned: on a ship's copy every write is 409 office_only and changes nothing", async () => {
    const template = await created();
    const ship = await t.anotherInstance({ instance: { kind: 'ship', vessel: 'AURORA', natsUrl: 'nats://127.0.0.1:4222' } });
    const before = await list();
    for (const [method, url] of [
      ['POST', '/api/templates'],
      ['PUT', `/api/templates/${template.id}`],
      ['DELETE', `/api/templates/${template.id}`],
    ] as const) {
      const res = await ship.app.inject({ method, url, payload: aTemplate(), headers: { cookie: admin.cookie } });
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json().code).toBe('office_only');
    }
    expect(await list()).toEqual(before);
  });
});

describe("'Most used': counted from the SOPs really created from each template", () => {
  it('counts each SOP created with a templateId, keeps counting after the SOP is deleted, and names the most used', async () => {
    const checklist = await created({ name: 'Zz Checklist' });
    const guide = await created({ name: 'Zz Guide' });
    const count = async (id: number) => (await list()).find((x) => x.id === id)?.useCount;
    expect(await count(guide.id)).toBe(0);

    const first = await createSopAs(t, crew, { departmentId: department.id, templateId: guide.id });
    await createSopAs(t, approver, { departmentId: department.id, templateId: guide.id });
    await createSopAs(t, admin, { departmentId: department.id, templateId: checklist.id });
    // Created from nothing: no template counts it.
    await createSopAs(t, crew, { departmentId: department.id });
    expect(await count(guide.id)).toBe(2);
    expect(await count(checklist.id)).toBe(1);
    const templates = await list();
    expect(templates.find((x) => x.id === guide.id)?.lastUsedAt).not.toBeNull();
    expect(mostUsedTemplate(templates)?.id).toBe(guide.id);

    // The SOP's trail names the template it started from.
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'sop_created'), eq(auditEvents.entityId, first.id)));
    expect(event.metadata).toEqual({ title: first.title, template: 'Zz Guide' });

    expect((await t.as(admin, { method: 'DELETE', url: `/api/sops/${first.id}` })).statusCode).toBe(200);
    expect(await count(guide.id)).toBe(2);
  });

  it('refuses an SOP naming a template that does not exist, creating nothing', async () => {
    const before = (await t.db.select({ id: sops.id }).from(sops)).length;
    for (const templateId of [999_999, 'guide', 0]) {
      const res = await t.as(crew, {
        method: 'POST',
        url: '/api/sops',
        payload: { title: 'Orphan', departmentId: department.id, content: 'Steps', templateId },
      });
      expect(res.statusCode, String(templateId)).toBe(400);
      expect(res.json().message).toMatch(/template/i);
    }
    expect((await t.db.select({ id: sops.id }).from(sops)).length).toBe(before);
  });

  it('answers no most used template while none was used', () => {
    expect(mostUsedTemplate([])).toBeNull();
    expect(mostUsedTemplate([{ useCount: 0, lastUsedAt: null }])).toBeNull();
    const older = { useCount: 2, lastUsedAt: '2026-01-01T00:00:00.000Z' };
    const newer = { useCount: 2, lastUsedAt: '2026-02-01T00:00:00.000Z' };
    expect(mostUsedTemplate([older, newer])).toBe(newer);
    expect(mostUsedTemplate([newer, { useCount: 3, lastUsedAt: '2025-01-01T00:00:00.000Z' }])?.useCount).toBe(3);
  });
});
