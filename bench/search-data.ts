/** The search bench's files: two per SOP, their text written straight into `file_texts`. */
import { createHash } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../server/src/db/client';
import { attachments, fileTexts, sops, storedFiles } from '../server/src/db/schema';
import { maritimeText } from './search-text';

const BATCH = 200;

/** Two PDF attachments per SOP, on its latest version, with their extracted text. */
export async function addFileTexts(db: Db): Promise<number> {
  const rows = await db.select({ id: sops.id, versionId: sops.latestVersionId, title: sops.title }).from(sops).orderBy(asc(sops.id));
  let files = 0;
  for (let from = 0; from < rows.length; from += BATCH) {
    const batch = rows.slice(from, from + BATCH).flatMap((sop) =>
      [1, 2].map((n) => {
        const text = maritimeText(sop.id * 2 + n);
        const sha256 = createHash('sha256').update(`bench-file ${sop.id} ${n}`).digest('hex');
        const slug = sop.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
        return { sopId: sop.id, versionId: sop.versionId!, sha256, text, name: `${slug}-${n === 1 ? 'procedure' : 'checklist'}.pdf` };
      }),
    );
    await db.transaction(async (tx) => {
      await tx.insert(storedFiles).values(batch.map((f) => ({ sha256: f.sha256, size: Buffer.byteLength(f.text) })));
      await tx.insert(attachments).values(
        batch.map((f) => ({
          versionId: f.versionId,
          filename: `${f.sha256}.pdf`,
          originalName: f.name,
          mimeType: 'application/pdf',
          size: Buffer.byteLength(f.text),
          sha256: f.sha256,
        })),
      );
      await tx
        .insert(fileTexts)
        .values(batch.map((f) => ({ sha256: f.sha256, status: 'ready' as const, text: f.text, searchVector: sql`strip(to_tsvector('english', ${f.text}))` })));
    });
    files += batch.length;
  }
  await db.execute(sql`analyze`);
  return files;
}
