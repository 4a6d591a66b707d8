import { asc, count, eq, getTableColumns, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { SopTemplate, TemplateInput } from '../../../../common/contracts/templates';
import type { Db } from '../../db/client';
import { sopTemplates, sopTemplateUses } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { fieldChanges } from '../audit/field-changes.service';
import { isUniqueViolation } from '../auth/auth.service';

type Values = z.output<typeof TemplateInput>;
type Template = z.output<typeof SopTemplate>;
type Row = typeof sopTemplates.$inferSelect;

/** Every template by name, each with how often an SOP was created from it and when last. */
export async function listTemplates(db: Db): Promise<Template[]> {
  const usage = db
    .select({ templateId: sopTemplateUses.templateId, useCount: count().as('use_count'), lastUsedAt: max(sopTemplateUses.usedAt).as('last_used_at') })
    .from(sopTemplateUses)
    .groupBy(sopTemplateUses.templateId)
    .as('usage');
  const rows = await db
    .select({ ...getTableColumns(sopTemplates), useCount: sql<number>`coalesce(${usage.useCount}, 0)::int`, lastUsedAt: usage.lastUsedAt })
    .from(sopTemplates)
    .leftJoin(usage, eq(usage.templateId, sopTemplates.id))
    .orderBy(asc(sql`lower(${sopTemplates.name})`), asc(sopTemplates.id));
  return rows.map((row) => ({ ...toTemplate(row), useCount: Number(row.useCount), lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt) : null }));
}

const toTemplate = ({ createdBy: _createdBy, ...row }: Row): Template => ({ ...row, useCount: 0, lastUsedAt: null });

/** The unique index on lower(name) answers duplicates, concurrent ones included. */
async function withDuplicateCheck<T>(values: Values, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`A template named "${values.name}" already exists`, 'duplicate');
    throw err;
  }
}

export async function createTemplate(db: Db, actor: SessionUser, values: Values): Promise<Template> {
  return withDuplicateCheck(values, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(sopTemplates)
        .values({ ...values, createdBy: actor.id })
        .returning();
      await recordAudit(tx, { actorId: actor.id, action: 'template_created', entityType: 'template', entityId: row.id, metadata: { name: row.name } });
      return toTemplate(row);
    }),
  );
}

/** What an edit may change, as the trail names it; the content is compared but only said to have changed. */
const FIELD_LABELS = { name: 'Name', category: 'Category', tags: 'Tags' };

export async function updateTemplate(db: Db, actor: SessionUser, id: number, values: Values): Promise<Template> {
  await withDuplicateCheck(values, () =>
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(sopTemplates).where(eq(sopTemplates.id, id)).for('update');
      if (!current) throw notFound('Template not found');
      const changes = fieldChanges(FIELD_LABELS, current, values);
      const contentChanged = current.content !== values.content;
      // An edit that changed nothing is not an event, and leaves the row as it was.
      if (changes.length === 0 && !contentChanged) return;
      await tx
        .update(sopTemplates)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(sopTemplates.id, id));
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'template_updated',
        entityType: 'template',
        entityId: id,
        metadata: { name: values.name, changes, contentChanged },
      });
    }),
  );
  const template = (await listTemplates(db)).find((t) => t.id === id);
  if (!template) throw notFound('Template not found');
  return template;
}

/** The SOPs created from it keep their content; only the record of the uses goes with it. */
export async function deleteTemplate(db: Db, actor: SessionUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.delete(sopTemplates).where(eq(sopTemplates.id, id)).returning();
    if (!current) throw notFound('Template not found');
    await recordAudit(tx, { actorId: actor.id, action: 'template_deleted', entityType: 'template', entityId: id, metadata: { name: current.name } });
  });
}

/**
 * Called inside the transaction that creates the SOP, so a refused template creates no SOP;
 * answers the template's name for the SOP's trail.
 * The row lock keeps an admin from deleting the template between the check and the insert.
 */
export async function recordTemplateUse(db: Db, actor: SessionUser, templateId: number, sopId: number): Promise<{ name: string }> {
  const [template] = await db.select({ name: sopTemplates.name }).from(sopTemplates).where(eq(sopTemplates.id, templateId)).for('share');
  if (!template) throw badRequest('The template was deleted meanwhile; start from another template or from nothing', undefined, 'templateId');
  await db.insert(sopTemplateUses).values({ templateId, sopId, usedBy: actor.id });
  return template;
}
