import { inArray } from 'drizzle-orm';
import type { FileTextComparison, VersionComparison } from '../../../../common/contracts/review-loop';
import { hasExtractableText } from '../../../../common/text-status';
import type { Db } from '../../db/client';
import { attachments, fileTexts, sopVersions } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { findSopForAccess } from './sop-detail.service';
import { compareTexts, contentChanges, type Deadline, deadlineIn, type FileRow, matchFiles, type Pair, type StoredText } from './sop-text-diff.helper';
import { assertSopVisible, assertVersionVisible, type SopView } from './sop-visibility.service';

type TextRow = StoredText & { sha256: string; status: 'ready' | 'failed' };

/**
 * GET /api/sops/{id}/compare?from=&to=: what changed from one version to another. The content
 * is compared word by word; files are matched (matchFiles) and a changed file's extracted text
 * is compared page by page. The text was read by the document workers when the file was
 * stored; here it is only compared, within a time budget (sop-text-diff.helper.ts).
 */
export async function compareVersions(db: Db, view: SopView, sopId: number, fromId: number, toId: number): Promise<VersionComparison> {
  await assertSopVisible(db, view, sopId);
  await findSopForAccess(db, sopId);
  // A version the view may not see is as unknown as one that does not exist.
  await assertVersionVisible(db, view, fromId, `From version ${fromId} does not exist`);
  await assertVersionVisible(db, view, toId, `To version ${toId} does not exist`);
  return comparePair(db, sopId, fromId, toId);
}

/**
 * Two versions of an SOP compared, with no access check: compareVersions checks the view's
 * access first, the reading's comparison chooses two versions the reader was given.
 */
export async function comparePair(db: Db, sopId: number, fromId: number, toId: number): Promise<VersionComparison> {
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

  const deadline = deadlineIn();
  const content = contentChanges(from.content, to.content, deadline);

  const files: FileRow[] = await db
    .select({
      id: attachments.id,
      versionId: attachments.versionId,
      originalName: attachments.originalName,
      mimeType: attachments.mimeType,
      sha256: attachments.sha256,
      size: attachments.size,
    })
    .from(attachments)
    .where(inArray(attachments.versionId, [from.id, to.id]))
    .orderBy(attachments.id);
  const fromFiles = files.filter((f) => f.versionId === from.id);
  const toFiles = from.id === to.id ? fromFiles : files.filter((f) => f.versionId === to.id);
  const pairs = matchFiles(fromFiles, toFiles);
  const texts = await storedTexts(db, pairs);

  return {
    from: { id: from.id, versionNumber: from.versionNumber },
    to: { id: to.id, versionNumber: to.versionNumber },
    content,
    files: pairs.map((pair) => ({
      status: pair.status,
      from: pair.from && ref(pair.from),
      to: pair.to && ref(pair.to),
      text: pair.status === 'changed' && pair.from && pair.to ? textComparison(pair.from, pair.to, texts, deadline) : null,
    })),
  };
}

const ref = (f: FileRow) => ({ id: f.id, originalName: f.originalName, mimeType: f.mimeType });

/** The stored texts of the changed files' bytes, read once per checksum. */
async function storedTexts(db: Db, pairs: Pair[]): Promise<Map<string, TextRow>> {
  const hashes = pairs.filter((p) => p.status === 'changed').flatMap((p) => [p.from?.sha256, p.to?.sha256].filter((h): h is string => !!h));
  if (hashes.length === 0) return new Map();
  const rows = await db
    .select({ sha256: fileTexts.sha256, status: fileTexts.status, text: fileTexts.text, truncated: fileTexts.truncated, pages: fileTexts.pages })
    .from(fileTexts)
    .where(inArray(fileTexts.sha256, [...new Set(hashes)]));
  return new Map(rows.map((r) => [r.sha256, r]));
}

function textComparison(from: FileRow, to: FileRow, texts: Map<string, TextRow>, deadline: Deadline): FileTextComparison {
  const by = from.mimeType === 'application/pdf' && to.mimeType === 'application/pdf' ? 'pages' : 'whole';
  const empty = (state: Exclude<FileTextComparison['state'], 'ready'>): FileTextComparison => ({
    state,
    by,
    changedPages: [],
    unchangedPages: 0,
    truncated: false,
  });
  const readable = (f: FileRow) => !!f.sha256 && hasExtractableText(f.mimeType);
  if (!readable(from) || !readable(to) || from.mimeType !== to.mimeType) return empty('not_text');
  const before = texts.get(from.sha256!);
  const after = texts.get(to.sha256!);
  if (before?.status === 'failed' || after?.status === 'failed') return empty('failed');
  if (!before || !after) return empty('pending');
  return compareTexts(before, after, deadline);
}
