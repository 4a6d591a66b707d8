import { z } from 'zod';
import { count } from './fields';

/**
 * GET /api/admin/storage: what the file store holds. `stored*` counts each distinct file
 * once (what the disk or database really carries); `referenced*` counts every record's file
 * (attachments in every version, previews, daily programs, itineraries, pending uploads),
 * so the gap between the two is what storing identical bytes once saves.
 */
export const StorageFacts = z.object({
  storedFiles: count,
  storedBytes: count,
  referencedFiles: count,
  referencedBytes: count,
});
export type StorageFacts = z.infer<typeof StorageFacts>;
