import { diffLines } from 'diff';
import { inArray } from 'drizzle-orm';
import type { DiffOp, VersionComparison } from '../../../../common/contracts/review-loop';
import type { Db } from '../../db/client';
import { attachments, sopVersions } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { findSopForAccess } from './sop-detail.service';
import { assertSopVisible, assertVersionVisible, type SopView } from './sop-visibility.service';

type FileRow = { id: number; versionId: number; originalName: string; sha256: string | null; size: number };

/** Same bytes, same file: the checksum decides (a legacy record without one is matched by name and size). */
const fileKey = (f: FileRow) => f.sha256 ?? `legacy:${f.originalName}:${f.size}`;

/**
 * GET /api/sops/{id}/compare?from=&to=: what changed from one version to another. The text
 * is compared line by line by jsdiff; files are compared by checksum, so a file carried
 * into a new version is `unchanged` and a replaced one is `removed` plus `added`.
 */
export async function compareVersions(db: Db, view: SopView, sopId: number, fromId: number, toId: number): Promise<VersionComparison> {
  await assertSopVisible(db, view, sopId);
  await findSopForAccess(db, sopId);
  // A version the view may not see is as unknown as one that does not exist.
  await assertVersionVisible(db, view, fromId, `From version ${fromId} does not exist`);
  await assertVersionVisible(db, view, toId, `To version ${toId} does not exist`);
  const rows = await db
    .select({ id: sopVersions.id, sopId: sopVersions.sopId, versionNumber: sopVersions.versionNumber, content: sopVersions.content })
    .from(sopVersions)
    .where(inArray(sopVersions.id, [fromId, toId]));
  const version = (id: number, label: string) => {
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound(`${label} version ${id} does not exist`);
    if (row.sopId !== sopId) throw badRequest(`${label} version ${id} is not a version of this SOP`);
    return row;
  };
  const from = version(fromId, 'From');
  const to = version(toId, 'To');

  const content = contentChanges(from.content, to.content);

  const files: FileRow[] = await db
    .select({
      id: attachments.id,
      versionId: attachments.versionId,
      originalName: attachments.originalName,
      sha256: attachments.sha256,
      size: attachments.size,
    })
    .from(attachments)
    .where(inArray(attachments.versionId, [from.id, to.id]))
    .orderBy(attachments.id);
  const fromFiles = files.filter((f) => f.versionId === from.id);
  const toFiles = from.id === to.id ? fromFiles : files.filter((f) => f.versionId === to.id);
  const fromKeys = new Set(fromFiles.map(fileKey));
  const toKeys = new Set(toFiles.map(fileKey));
  const ref = (f: FileRow) => ({ id: f.id, originalName: f.originalName });

  return {
    from: { id: from.id, versionNumber: from.versionNumber },
    to: { id: to.id, versionNumber: to.versionNumber },
    content,
    attachments: {
      added: toFiles.filter((f) => !fromKeys.has(fileKey(f))).map(ref),
      removed: fromFiles.filter((f) => !toKeys.has(fileKey(f))).map(ref),
      unchanged: toFiles.filter((f) => fromKeys.has(fileKey(f))).map(ref),
    },
  };
}

/**
 * Line by line. A last line that gained or lost its newline is the same line: otherwise
 * adding a step after it shows the unchanged step as deleted and inserted again.
 */
export function contentChanges(from: string, to: string): { op: DiffOp; text: string }[] {
  return diffLines(from, to, { ignoreNewlineAtEof: true }).map((part) => {
    const op: DiffOp = part.added ? 'insert' : part.removed ? 'delete' : 'equal';
    return { op, text: part.value };
  });
}
