import { z } from 'zod';

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
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  description: z
    .string()
    .trim()
    .max(1000, 'Description must be at most 1000 characters')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  parentId: z.coerce.number().int().positive().optional().nullable().transform((v) => v ?? null),
});
export type DepartmentInput = z.input<typeof DepartmentInput>;

export const DepartmentIdParams = z.object({ id: z.coerce.number().int().positive('Unknown department id') });
