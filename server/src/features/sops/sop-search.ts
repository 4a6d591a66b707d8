import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sops } from '../../db/schema';

/** Title (A), category and tags (B), summary (C) and the latest version's content (D). */
const searchDocument = sql`
  setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
  setweight(to_tsvector('english', coalesce(category, '') || ' ' || array_to_string(tags, ' ')), 'B') ||
  setweight(to_tsvector('english', coalesce(summary, '')), 'C') ||
  setweight(to_tsvector('english', coalesce((select content from sop_versions v where v.id = sops.latest_version_id), '')), 'D')`;

/**
 * Rebuilds one SOP's search vector from its own fields and its latest version's content.
 * Called in the same transaction as every change to either, so search never lags behind.
 */
export async function refreshSearchVector(db: Db, sopId: number): Promise<void> {
  await db.execute(sql`update sops set search_vector = ${searchDocument} where id = ${sopId}`);
}

/** Every SOP at once, for bulk loads (bench data). */
export async function refreshAllSearchVectors(db: Db): Promise<void> {
  await db.execute(sql`update sops set search_vector = ${searchDocument}`);
}

const MAX_WORDS = 10;

/**
 * The words of a search as a prefix tsquery string ('lifeb' -> 'lifeb:*'). Only letters
 * and digits survive, so tsquery operators in hostile input are never interpreted; the
 * string is still sent as a bound parameter.
 */
export function prefixQuery(search: string): string | null {
  const words = (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.slice(0, 50)).slice(0, MAX_WORDS);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/** `%term%` for ILIKE with the wildcard characters of the input taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The WHERE condition and rank expression of a search, or null when the input is blank. */
export function searchCondition(search: string | undefined): { where: SQL; rank: SQL<number> } | null {
  const term = search?.trim();
  if (!term) return null;
  const tsquery = prefixQuery(term);
  // Short or symbol-only input still finds titles that contain it literally.
  const titleMatch = sql`${sops.title} ilike ${likePattern(term)}`;
  if (!tsquery) return { where: titleMatch, rank: sql<number>`length(${sops.title}) * -1` };
  const query = sql`to_tsquery('english', ${tsquery})`;
  return {
    where: sql`(${sops.searchVector} @@ ${query} or ${titleMatch})`,
    rank: sql<number>`ts_rank(${sops.searchVector}, ${query}) + case when ${titleMatch} then 1 else 0 end`,
  };
}
