import { z } from 'zod';
import { idField, idParams, isoDate, singleLine } from './fields';

/** A position on board (Captain, Bosun, Head Waiter), in one department. */
export const Position = z.object({
  id: z.number().int(),
  name: z.string(),
  departmentId: z.number().int(),
  department: z.object({ name: z.string() }),
  /** Active people who hold it. */
  holders: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Position = z.input<typeof Position>;
/** GET /api/positions: by department, then by name. */
export const PositionList = z.array(Position);

/** POST /api/positions, PUT /api/positions/{id}. */
export const PositionInput = z.object({
  name: singleLine('Name').trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  departmentId: idField('Department'),
});
export type PositionInput = z.input<typeof PositionInput>;

export const PositionIdParams = idParams('Position id');

/** A user's position: an id, or null for none. */
export const UserPositionId = z
  .number({ error: 'Choose a position or none' })
  .int('Choose a position or none')
  .positive('Choose a position or none')
  .max(2147483647, 'Choose a position or none')
  .nullable();

/** An SOP's reading positions: the positions whose holders must read it besides its department. */
export const ReadingPositionIds = z
  .array(idField('A position'))
  .max(100, 'At most 100 positions')
  .transform((ids) => [...new Set(ids)]);
