import { z } from 'zod';
import { idField, idParams, multiLine, singleLine } from './fields';

export interface Department {
  id: number;
  name: string;
  description: string | null;
  parentId: number | null;
  /** SOPs filed directly under this department. */
  sopCount: number;
  createdAt: string;
  updatedAt: string;
}

export const DepartmentInput = z.object({
  name: singleLine('Name').trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  description: multiLine('Description', 'Description must be text')
    .trim()
    .max(1000, 'Description must be at most 1000 characters')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  parentId: idField('Parent division').optional().nullable().transform((v) => v ?? null),
});
export type DepartmentInput = z.input<typeof DepartmentInput>;

export const DepartmentIdParams = idParams('Department id');
