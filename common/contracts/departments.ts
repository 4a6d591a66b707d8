import { z } from 'zod';
import { idField, idParams, isoDate, optionalText, singleLine } from './fields';

export const Department = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  parentId: z.number().int().nullable(),
  /** SOPs filed directly under this department. */
  sopCount: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Department = z.input<typeof Department>;
/** GET /api/departments: divisions first, each followed by its departments. */
export const DepartmentList = z.array(Department);

export const DepartmentInput = z.object({
  name: singleLine('Name').trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  description: optionalText(1000, 'Description'),
  parentId: idField('Parent division')
    .optional()
    .nullable()
    .transform((v) => v ?? null),
});
export type DepartmentInput = z.input<typeof DepartmentInput>;

export const DepartmentIdParams = idParams('Department id');
