import { createHash } from 'node:crypto';
import { asc, eq, isNotNull, and } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attachments, sopVersions } from '../../db/schema';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The digest a signature binds to: exactly the text and files of the version signed.
 *
 *   sha256( sha256(content as UTF-8) hex + "\n" + each file's SHA-256 hex, sorted, each followed by "\n" )
 *
 * Every part is 64 hex characters, so no two versions give the same input; sorting makes the
 * order of uploads irrelevant. Anyone can recompute it from a backup (`sha256sum` of each file
 * and of the content) without this program.
 */
export function versionDigestOf(content: string, fileSha256s: string[]): string {
  const files = [...fileSha256s].sort().map((hash) => `${hash}\n`);
  return sha256Hex(`${sha256Hex(content)}\n${files.join('')}`);
}

/** The digest of a stored version (its files with stored bytes). */
export async function versionDigest(db: Pick<Db, 'select'>, versionId: number): Promise<string> {
  const [[version], files] = await Promise.all([
    db.select({ content: sopVersions.content }).from(sopVersions).where(eq(sopVersions.id, versionId)),
    db
      .select({ sha256: attachments.sha256 })
      .from(attachments)
      .where(and(eq(attachments.versionId, versionId), isNotNull(attachments.sha256)))
      .orderBy(asc(attachments.id)),
  ]);
  return versionDigestOf(
    version?.content ?? '',
    files.map((f) => f.sha256 as string),
  );
}

/** The details of an SOP that a reader relies on beside its text: what a change of details records. */
export interface SopDetails {
  title: string;
  summary: string | null;
  category: string | null;
  department: string | null;
  vesselCodes: string[];
  isConfidential: boolean;
}

/**
 * The digest of an SOP's details in force: sha256 of their JSON with the keys in this order and
 * the vessels sorted. Recorded with every change of details of an SOP in force, in the audit
 * chain, so the details a reader saw can be proven as well as the text and files.
 */
export function detailsDigestOf(d: SopDetails): string {
  const canonical = [d.title, d.summary, d.category, d.department, [...d.vesselCodes].sort(), d.isConfidential];
  return sha256Hex(JSON.stringify(canonical));
}
