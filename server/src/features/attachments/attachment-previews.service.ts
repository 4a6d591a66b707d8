import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { attachmentBlobs, attachmentPreviews, attachments } from '../../db/schema';
import { sha256 } from '../../files/checksum';
import { type RenderedPreview, renderDocxFirstPage, renderFirstPage } from '../../files/previews';

const RENDERERS: Record<string, (data: Buffer) => Promise<RenderedPreview>> = {
  'application/pdf': renderFirstPage,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': renderDocxFirstPage,
};

export const canPreview = (mimeType: string) => mimeType in RENDERERS;

/** One generation per attachment at a time: a POST during the background run waits for it. */
const inFlight = new Map<number, Promise<boolean>>();

/**
 * Renders and stores the preview of one attachment unless it exists. Resolves true when a
 * preview is stored, false when the attachment is gone or has no previewable type.
 */
export function ensurePreview(db: Db, attachmentId: number): Promise<boolean> {
  const running = inFlight.get(attachmentId);
  if (running) return running;
  const job = generate(db, attachmentId).finally(() => inFlight.delete(attachmentId));
  inFlight.set(attachmentId, job);
  return job;
}

async function generate(db: Db, attachmentId: number): Promise<boolean> {
  const [existing] = await db.select({ id: attachmentPreviews.attachmentId }).from(attachmentPreviews).where(eq(attachmentPreviews.attachmentId, attachmentId));
  if (existing) return true;
  const [file] = await db
    .select({ mimeType: attachments.mimeType, data: attachmentBlobs.data, checksum: attachmentBlobs.checksum })
    .from(attachments)
    .innerJoin(attachmentBlobs, eq(attachmentBlobs.attachmentId, attachments.id))
    .where(eq(attachments.id, attachmentId));
  const render = file && RENDERERS[file.mimeType];
  if (!render) return false;
  if (sha256(file.data) !== file.checksum) throw new Error(`attachment ${attachmentId} failed its checksum; no preview rendered`);
  const preview = await render(file.data);
  await db
    .insert(attachmentPreviews)
    .values({ attachmentId, mimeType: 'image/png', width: preview.width, height: preview.height, data: preview.data, checksum: sha256(preview.data) })
    .onConflictDoNothing();
  return true;
}

/** After an upload: previews render in the background, never delaying or failing the response. */
export function schedulePreviews(db: Db, log: FastifyBaseLogger, attachmentIds: number[], mimeTypes: string[]) {
  const ids = attachmentIds.filter((_, i) => canPreview(mimeTypes[i]));
  if (ids.length === 0) return;
  setImmediate(() => {
    void (async () => {
      for (const id of ids) {
        try {
          await ensurePreview(db, id);
        } catch (err) {
          log.warn({ err, attachmentId: id }, 'preview generation failed');
        }
      }
    })();
  });
}
