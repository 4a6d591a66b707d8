import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { dataVersion } from '../db/schema';
import { matchesIfNoneMatch } from './cache-headers';
import { keepNewest } from '../lib/bounded-map';

/**
 * Hot reads that cost nothing when nothing changed. An answer is built from the database
 * once per data version (a counter the database bumps on every committed write to the
 * tables these answers read), serialized and compressed once, and reused until the version
 * moves. Its ETag names the version, so a client that already holds it gets a bodiless 304,
 * and every instance on one PostgreSQL hands out the same tag for the same data.
 */

type Encoding = 'br' | 'gzip' | 'identity';

/** Something built from the database at one data version, kept until the version moves. */
interface Remembered<T> {
  version: number;
  value: Promise<T>;
}

interface CachedAnswer extends Remembered<Buffer> {
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

export interface AnswerCache {
  entries: Map<string, CachedAnswer>;
  /** Decisions that are not answers of their own (may this view read that file, and where it is). */
  decisions: Map<string, Remembered<unknown>>;
}

/** Enough for every filter a crew uses at once; a burst of odd queries only evicts, never grows. */
const MAX_ENTRIES = 64;
/** Decisions are small (a file's name and address): one per reader and file in use. */
const MAX_DECISIONS = 5000;
/** Below this, compressing costs more than it saves (the same threshold as the app's compression). */
const COMPRESS_FROM_BYTES = 1024;

const compressors: Record<Exclude<Encoding, 'identity'>, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => promisify(gzip)(body),
};

export function createAnswerCache(): AnswerCache {
  return { entries: new Map(), decisions: new Map() };
}

/** The database's data version: one primary-key read of a one-row table. */
export async function readDataVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: dataVersion.version }).from(dataVersion).where(eq(dataVersion.id, 1));
  return Number(row?.version ?? 0);
}

export interface VersionedAnswer {
  /** Names the answer among the route's answers: the route and its validated query. */
  key: string;
  /** Set when the answer depends on who asks (e.g. the user id): it joins the tag and the cache key. */
  scope?: string;
  /** Builds the JSON text from the database; called once per data version. */
  build: () => Promise<string>;
}

/** Sends the answer (or 304) with ETag, `Cache-Control: private, no-cache` and `Vary: Accept-Encoding`. */
export async function sendVersionedJson(cache: AnswerCache, db: Db, request: FastifyRequest, reply: FastifyReply, answer: VersionedAnswer) {
  // Read with the signed-in user at the start of the request (one query for both).
  const version = request.dataVersion ?? (await readDataVersion(db));
  // The tag names the version, who it was built for and the bytes' encoding (a gzip body
  // and a brotli body of one answer are different representations; small answers go plain).
  const tagFor = (encoding: Encoding) => `"v${version}${answer.scope ? `-${answer.scope}` : ''}-${encoding}"`;
  const negotiated = negotiateEncoding(request.headers['accept-encoding']);
  // Decided by who asks, what they asked and the data version alone: the same request may be
  // given this answer again while those hold.
  request.replayable = true;
  reply.header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding');

  // A client holding this version needs no build at all, even from an instance that has not built it yet.
  const held = [tagFor(negotiated), tagFor('identity')].find((tag) => matchesIfNoneMatch(request.headers['if-none-match'], tag));
  if (held) return reply.header('etag', held).status(304).send();

  const cacheKey = answer.scope ? `${answer.key}|${answer.scope}` : answer.key;
  const entry = currentEntry(cache, cacheKey, version, answer.build);
  const json = await entry.value;
  const encoding = json.length < COMPRESS_FROM_BYTES ? 'identity' : negotiated;
  const body = encoding === 'identity' ? json : await encodedBody(entry, encoding);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.header('etag', tagFor(encoding)).type('application/json; charset=utf-8').send(body);
}

/** The cached answer for this version, or a new one (concurrent first requests share one build). */
function currentEntry(cache: AnswerCache, key: string, version: number, build: () => Promise<string>): CachedAnswer {
  return remembered(cache.entries, MAX_ENTRIES, key, version, () => ({ version, value: build().then((text) => Buffer.from(text)), encoded: {} }));
}

/**
 * `build()` at this data version, remembered under `key` (with who it is for in the key) until the
 * version moves; concurrent first asks share one build, and a failed build (a 404, say) is not
 * remembered. Without a version (no signed-in reading), it is built every time.
 */
export function rememberAtVersion<T>(cache: AnswerCache, key: string, version: number | null, build: () => Promise<T>): Promise<T> {
  if (version === null) return build();
  return remembered(cache.decisions, MAX_DECISIONS, key, version, () => ({ version, value: build() })).value as Promise<T>;
}

function remembered<E extends Remembered<unknown>>(entries: Map<string, E>, max: number, key: string, version: number, make: () => E): E {
  const cached = entries.get(key);
  if (cached && cached.version === version) return cached;
  const entry = make();
  entry.value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return keepNewest(entries, key, entry, max);
}

function encodedBody(entry: CachedAnswer, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> {
  entry.encoded[encoding] ??= entry.value.then(compressors[encoding]);
  return entry.encoded[encoding];
}

/** Brotli when accepted, else gzip, else the plain bytes (q=0 refuses a coding). */
function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (coding: string) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}
