import { and, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { Db } from '../../db/client';
import { pendingUploads } from '../../db/schema';
import { putFile, readHead, releaseFiles } from '../../files/store';
import { HEAD_BYTES, type ReceivedFile } from '../../files/temp-files';
import { badRequest, notFound } from '../../http/errors';
import { type CheckedFile, checkAttachmentType } from './attachment-store.service';

export const UPLOAD_PATH = '/api/objects/uploads/';
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;
export const UploadParams = z.object({ uploadId: z.uuid('Unknown upload URL') });
const OWN_UPLOAD_PATH = /^\/api\/objects\/uploads\/([0-9A-Fa-f-]{36})$/;

/**
 * The upload id of one of this server's own upload URLs, or null. Accepted: the path
 * `/api/objects/uploads/<uuid>` as POST /api/objects/upload hands it out, or that path on
 * this very origin (http or https, the request's host). Anything else is refused, however
 * its path ends: `javascript:/api/objects/uploads/<id>`, `data:`, another host, `//host/...`,
 * credentials, a query or a fragment.
 */
export function ownUploadId(fileURL: string, requestHost: string): string | null {
  let pathname = fileURL;
  if (!fileURL.startsWith('/')) {
    let url: URL;
    try {
      url = new URL(fileURL);
    } catch {
      return null;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password || url.search || url.hash) return null;
    // Compare hosts as URL writes them (lower case, default port dropped).
    if (url.host !== new URL(`${url.protocol}//${requestHost}`).host) return null;
    pathname = url.pathname;
  }
  const match = OWN_UPLOAD_PATH.exec(pathname);
  return match && UploadParams.safeParse({ uploadId: match[1] }).success ? match[1].toLowerCase() : null;
}

/** Reservations never turned into attachments are dropped after a day, with their bytes. */
async function dropStaleReservations(db: Db) {
  const dropped = await db
    .delete(pendingUploads)
    .where(lt(pendingUploads.createdAt, new Date(Date.now() - STALE_AFTER_MS)))
    .returning({ sha256: pendingUploads.sha256 });
  await releaseFiles(
    db,
    dropped.map((d) => d.sha256),
  );
}

/** Reserves an upload URL for this person (dropping the day-old reservations first). */
export async function reserveUpload(db: Db, userId: number): Promise<string> {
  await dropStaleReservations(db);
  const [row] = await db.insert(pendingUploads).values({ userId }).returning({ id: pendingUploads.id });
  return `${UPLOAD_PATH}${row.id}`;
}

/** 404 unless the reservation exists and is this person's own. */
export async function assertOwnReservation(db: Db, userId: number, uploadId: string): Promise<void> {
  const [pending] = await db
    .select({ id: pendingUploads.id })
    .from(pendingUploads)
    .where(and(eq(pendingUploads.id, uploadId), eq(pendingUploads.userId, userId)));
  if (!pending) throw notFound('Unknown upload URL');
}

/** Keeps the bytes PUT to a reservation; a second PUT to the same URL replaces the first file. */
export async function keepReservedBytes(db: Db, uploadId: string, file: ReceivedFile): Promise<void> {
  const replaced = await db.transaction(async (tx) => {
    const [before] = await tx.select({ sha256: pendingUploads.sha256 }).from(pendingUploads).where(eq(pendingUploads.id, uploadId)).for('update');
    await putFile(tx, file.path, file);
    await tx.update(pendingUploads).set({ sha256: file.sha256, size: file.size }).where(eq(pendingUploads.id, uploadId));
    return before?.sha256;
  });
  await releaseFiles(db, [replaced]);
}

/** The file PUT to this person's reservation, its type checked from the bytes (the client's mimeType is ignored). */
export async function reservedFile(db: Db, actor: SessionUser, uploadId: string, originalName: string): Promise<CheckedFile> {
  const [pending] = await db
    .select()
    .from(pendingUploads)
    .where(and(eq(pendingUploads.id, uploadId), eq(pendingUploads.userId, actor.id)));
  if (!pending) throw notFound('Unknown upload URL');
  if (!pending.sha256 || pending.size === null) throw badRequest('No file has been uploaded to this URL yet', undefined, 'fileURL');
  const head = await readHead(db, pending.sha256, HEAD_BYTES);
  return checkAttachmentType({ file: { sha256: pending.sha256, size: pending.size, head }, originalName });
}

/** Drops a reservation once its file became an attachment (inside that transaction). */
export async function dropReservation(db: Db, uploadId: string): Promise<void> {
  await db.delete(pendingUploads).where(eq(pendingUploads.id, uploadId));
}
