import { z } from 'zod';
import { count, idParams, isoDate, multiLine, optionalText, singleLine } from './fields';
import { Tags } from './sops';

/** POST and PUT /api/templates: what an SOP started from the template receives. */
export const TemplateInput = z.object({
  name: singleLine('Name').trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  /** The skeleton of the steps; the same limits as an SOP's content. */
  content: multiLine('Content')
    .max(200_000, 'Content must be at most 200,000 characters')
    .refine((text) => text.trim().length > 0, 'Content is required'),
  category: optionalText(100, 'Category', singleLine),
  tags: Tags,
});
export type TemplateInput = z.input<typeof TemplateInput>;

export const TemplateIdParams = idParams('Template id');

export const SopTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  content: z.string(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  /** SOPs created from it (the SOP may have been deleted since: the use still happened). */
  useCount: count,
  lastUsedAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type SopTemplate = z.input<typeof SopTemplate>;

/** GET /api/templates: by name. */
export const SopTemplateList = z.array(SopTemplate);

/** The template used most often (the latest used among equals), or null when none was ever used. */
export function mostUsedTemplate<T extends { useCount: number; lastUsedAt: string | Date | null }>(templates: readonly T[]): T | null {
  let best: T | null = null;
  for (const template of templates) {
    if (template.useCount === 0) continue;
    if (!best || template.useCount > best.useCount || (template.useCount === best.useCount && time(template.lastUsedAt) > time(best.lastUsedAt)))
      best = template;
  }
  return best;
}

const time = (at: string | Date | null) => (at === null ? 0 : new Date(at).getTime());
