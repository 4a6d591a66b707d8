import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sops } from '../../db/schema';
import { WINDOW_CHARS } from './sop-search-match.service';
import { inForceIdOf, type SopView, shownVersionId } from './sop-visibility.service';

/** Title (A), category and tags (B), summary (C) and the content (D) of the version `versionId`. */
const searchDocumentOf = (versionId: SQL) => sql`
  setweight(to_tsvector('english', coalesce(sops.title, '')), 'A') ||
  setweight(to_tsvector('english', coalesce(sops.category, '') || ' ' || array_to_string(sops.tags, ' ')), 'B') ||
  setweight(to_tsvector('english', coalesce(sops.summary, '')), 'C') ||
  setweight(to_tsvector('english', coalesce((select content from sop_versions v where v.id = ${versionId}), '')), 'D')`;

/** The stored document: the latest version's content. */
const searchDocument = searchDocumentOf(sql`sops.latest_version_id`);

/**
 * Rebuilds one SOP's search vector from its own fields and its latest version's content.
 * Called in the same transaction as every change to either, so search never lags behind.
 * The text of files is not copied here: it is searched through `file_texts`, joined to the
 * attachments of the latest and the effective version at query time, so a new version, a
 * removed file or a finished extraction shows in the very next search.
 */
export async function refreshSearchVector(db: Db, sopId: number): Promise<void> {
  await db.execute(sql`update sops set search_vector = ${searchDocument} where id = ${sopId}`);
}

/** Every SOP at once, for bulk loads (bench data). */
export async function refreshAllSearchVectors(db: Db): Promise<void> {
  await db.execute(sql`update sops set search_vector = ${searchDocument}`);
}

const MAX_WORDS = 10;

/** The words of a search, lower-case letters and digits only (at most MAX_WORDS of 50 characters). */
export function searchWords(search: string): string[] {
  return (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.slice(0, 50)).slice(0, MAX_WORDS);
}

/**
 * The words of a search as a prefix tsquery string ('lifeb' -> 'lifeb:*'). Only letters
 * and digits survive, so tsquery operators in hostile input are never interpreted; the
 * string is still sent as a bound parameter.
 */
export function prefixQuery(search: string): string | null {
  const words = searchWords(search);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/** `%term%` for ILIKE with the wildcard characters of the input taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * How results rank, highest first. Exact hits in the SOP's own fields (title above category
 * and tags, above summary, above content: ts_rank's A-D weights, plus a literal title hit)
 * score at least 1; a hit only in the text of a file scores FILE_RANK; a title found only
 * through a typo scores half its word similarity, so at most 0.5, under every exact hit.
 */
const FILE_RANK = 0.6;

/** 'moorng' -> 'mooring' is 0.57 (one letter missing from seven); unrelated words stay under 0.4. */
const TYPO_SIMILARITY = 0.5;
/**
 * One or two typos (a letter missing, extra or wrong) change a word's length by two at most:
 * a longer run of letters before a real title word ('zzqxv' + 'mooring') is not a typo of it,
 * however many of its trigrams it shares.
 */
const MAX_TYPOS = 2;

export interface SearchTier {
  /** The condition a row of `sops` meets to be in this tier (and in none before it). */
  found: SQL;
  /**
   * A costlier condition checked last, on the rows `found` gives in rank order, until the
   * page is full. It reads `sops.id`, `sops.owner_id` and `sops.latest_version_id` only.
   */
  checkedLast?: SQL;
  rank: SQL<number>;
}

export interface SearchPlan {
  /** Common table expressions the match source reads (`search_terms`). */
  with: SQL | null;
  /**
   * What the search finds, in tiers whose ranks never overlap, best first: `own` (the SOP's
   * own fields or a literal title hit) always ranks at 1 or more, `files` (only a file's text,
   * or an approved translation of the version in force) at FILE_RANK, `typos` (only a title typo) at 0.5 or less. A page of best hits that one
   * tier fills never needs the tiers after it.
   */
  tiers: SearchTier[];
  /** The `match` source of one row, as JSON, for the rows a search answers (matchOf turns it into the answer's match). */
  matchSource: SQL;
  words: string[];
}

/**
 * The SQL of a search as `view` sees the SOPs, or null when the input is blank. The tiers read
 * `sops` only; the match source also `eff` (the version in force) and `lv` (the version the
 * view is shown: `shownVersionId`).
 */
export function searchPlan(search: string | undefined, view: SopView): SearchPlan | null {
  const term = search?.trim();
  if (!term) return null;
  // The version whose content and files the view searches: the latest, or for a reader who
  // does not own the SOP the version in force. The stored vector holds the latest version's
  // content, so where the view reads another version its document is made at query time
  // (only SOPs with a revision in progress, and only for readers).
  const shown = shownVersionId(view);
  const inForce = inForceIdOf('sops');
  const readsLatest = view.everything ? sql`true` : sql`(sops.latest_version_id is not distinct from ${shown})`;
  const vectorMatches = (tsquery: SQL) =>
    view.everything
      ? sql`${sops.searchVector} @@ ${tsquery}`
      : sql`((${readsLatest} and ${sops.searchVector} @@ ${tsquery}) or (not ${readsLatest} and ${searchDocumentOf(shown)} @@ ${tsquery}))`;
  const words = searchWords(term);
  const tsquery = prefixQuery(term);
  // Short or symbol-only input still finds titles that contain it literally.
  const titleLiteral = sql`${sops.title} ilike ${likePattern(term)}`;
  if (!tsquery) {
    return {
      with: null,
      tiers: [{ found: titleLiteral, rank: sql<number>`length(${sops.title}) * -1` }],
      matchSource: sql`json_build_object('field', 'title', 'text', sops.title)`,
      words,
    };
  }
  const query = sql`to_tsquery('english', ${tsquery})`;
  /** Every word in one weight of the SOP's vector: A title, C summary, D content. */
  const inWeight = (weight: 'A' | 'C' | 'D') => vectorMatches(sql`to_tsquery('english', ${words.map((w) => `${w}:*${weight}`).join(' & ')})`);
  const ownHit = vectorMatches(query);
  // Either side through its index (the SOP vectors' GIN, the titles' trigrams).
  const own = sql`(${ownHit} or ${titleLiteral})`;
  // An SOP without a vector yet is not an own hit (and so may be a hit of a later tier).
  const notOwn = sql`not (coalesce(${ownHit}, false) or ${titleLiteral})`;
  // The same titles for the rank of every own hit, found once through their trigram index:
  // ILIKE lower-cases each title it reads, which on thousands of hits cost more than ts_rank.
  const titleHit = sql`sops.id in (select t.id from sops t where t.title ilike ${likePattern(term)})`;
  // One file of the shown (latest) or the effective version holds every word. The SOP's merged file
  // words (sop_search_files) narrow through their index or are checked as the SOPs are walked
  // newest first; the files themselves then decide, for the few SOPs that get this far.
  const inFiles = sql`exists (select 1 from attachments a join file_texts ft on ft.sha256 = a.sha256
        where a.version_id in (${shown}, ${inForce})
        and ft.search_vector @@ ${query})`;
  const fileHit = sql`(sops.id in (select f.sop_id from sop_search_files f where f.words @@ ${query}) and ${inFiles})`;
  // An approved translation of the version in force holds every word, in its text or its file's:
  // the SOPs narrow through the translations' and the files' word indexes, the version in force decides.
  const translated = sql`sop_translations tr left join file_texts ft on ft.sha256 = tr.sha256
        where tr.status = 'approved' and (tr.search_vector @@ ${query} or ft.search_vector @@ ${query})`;
  const inTranslations = sql`exists (select 1 from ${translated} and tr.version_id = ${inForce})`;
  const translationHit = sql`(sops.id in (
        select v.sop_id from sop_translations tr join sop_versions v on v.id = tr.version_id
          where tr.status = 'approved' and tr.search_vector @@ ${query}
        union
        select v.sop_id from file_texts ft join sop_translations tr on tr.sha256 = ft.sha256 join sop_versions v on v.id = tr.version_id
          where tr.status = 'approved' and ft.search_vector @@ ${query}) and ${inTranslations})`;
  // The titles' own vector narrows through its index (a word of the SOP's vector that is in
  // its content too would otherwise be read for every SOP holding it); the title weight of
  // the SOP's vector decides.
  const typoHit = sql`to_tsvector('english', ${sops.title}) @@ ${typoQuery(words, '')} and ${sops.searchVector} @@ ${typoQuery(words)}`;
  // The words and their stems ('operations' -> 'oper'), stop words ('the') left out, to find
  // and mark the hit in a long text; worked out once per search (`search_terms`), however
  // many rows and fields read them.
  const searchTerms = sql`search_terms as materialized (select t.terms,
        '(?i)(?:^|[^[:alnum:]_])(?:' || array_to_string(t.terms, '|') || ')' as pattern
      from (select array(select distinct w from unnest(
        tsvector_to_array(to_tsvector('english', ${term})) || array(
          select q from unnest(string_to_array(${words.join(' ')}, ' ')) q where length(to_tsvector('english', q)) > 0)) w
        where w ~ '^[[:alnum:]]+$') as terms) t)`;
  const terms = sql`(select terms from search_terms)`;
  const pattern = sql`(select pattern from search_terms)`;
  /**
   * From a few words before the first hit of `text`, WINDOW_CHARS characters and one more
   * (which tells whether the text goes on). A file's text runs to 200,000 characters, stored
   * compressed: it is read once (`|| ''`), not once per use. The first hit is a word starting
   * with a term: `pattern` takes it with the character before it (none at the very start), so
   * the first place holding that text is the hit itself and `strpos` finds it. (`regexp_instr`
   * would collect every hit of the whole text before answering; `substring` stops at the
   * first.) OFFSET 0 keeps the database from copying an expression into each of its uses.
   */
  const window = (text: SQL) => sql`(select json_build_object('start', w.s, 'text', substr(w.t, w.s, ${WINDOW_CHARS + 1})) from (
        select x.t, greatest(coalesce(strpos(x.t, x.hit) + case when x.hit ~ '^[[:alnum:]_]' then 0 else 1 end, 0) - 40, 1) as s
        from (select y.t, substring(y.t from ${pattern}) as hit from (select ${text} || '' as t offset 0) y offset 0) x offset 0) w)`;
  const smallFieldHit = (text: SQL) => sql`to_tsvector('english', coalesce(${text}, '')) @@ ${query}`;
  const source = (field: string, rest: SQL) => sql`json_build_object('field', ${field}::text, 'terms', to_json(${terms}), ${rest})`;
  const fileOrTypo = sql`coalesce((
        select ${source('attachment', sql`'attachmentId', a.id, 'attachmentName', a.original_name, 'window', ${window(sql`ft.text`)}`)}
        from attachments a join file_texts ft on ft.sha256 = a.sha256
        where a.version_id in (lv.id, eff.id) and ft.search_vector @@ ${query}
        order by a.version_id = lv.id desc, a.id
        limit 1), (
        select ${source('translation', sql`'language', tr.language, 'window', ${window(sql`coalesce(tr.content, ft.text)`)}`)}
        from ${translated} and tr.version_id = eff.id
        order by tr.language
        limit 1),
        ${source('title', sql`'text', sops.title, 'typo', not ${ownHit}`)})`;
  // A row of the files or typos tier holds the words in none of its own fields (each is part of
  // its vector): it goes straight to its files, without testing each field.
  const matchSource = sql`coalesce(case when not (${ownHit} is false and not ${titleHit}) then case
      when ${inWeight('A')} or ${titleLiteral} then ${source('title', sql`'text', sops.title`)}
      when ${smallFieldHit(sql`sops.category`)} then ${source('category', sql`'text', sops.category`)}
      when ${smallFieldHit(sql`array_to_string(sops.tags, ' ')`)} then ${source('tags', sql`'text', array_to_string(sops.tags, ', ')`)}
      when ${inWeight('C')} then ${source('summary', sql`'window', ${window(sql`sops.summary`)}`)}
      when ${inWeight('D')} then ${source('content', sql`'window', ${window(sql`lv.content`)}`)}
    end end, ${fileOrTypo})`;
  return {
    with: searchTerms,
    tiers: [
      // ts_rank's A-D weights (title above category and tags, above summary, above content)
      // plus one for a literal title hit; in double precision, as the ranks are compared.
      {
        found: own,
        rank: sql<number>`(case when ${ownHit} then 1::float8 + ts_rank(${sops.searchVector}, ${query}) else 0 end + case when ${titleHit} then 1 else 0 end)`,
      },
      { found: sql`${notOwn} and (${fileHit} or ${translationHit})`, rank: sql<number>`${sql.raw(String(FILE_RANK))}::float8` },
      {
        found: sql`${typoHit} and ${notOwn}`,
        checkedLast: sql`not ${inFiles} and not ${inTranslations}`,
        rank: sql<number>`word_similarity(${term}, ${sops.title}) / 2::float8`,
      },
    ],
    matchSource,
    words,
  };
}

/**
 * Each word, or a title word one or two typos away from it (pg_trgm word similarity against
 * `title_words`, the trigram index narrowing by plain similarity first), in the title weight:
 * 'tendr' -> ('tendr':*A | 'tender':A). Words under four letters are taken as typed.
 */
function typoQuery(words: string[], weight: 'A' | '' = 'A'): SQL {
  return sql`(select to_tsquery('english', string_agg('(' || q.w || ${`:*${weight}`} || coalesce((
      select string_agg(' | ' || t.word || ${`:${weight}`}, '') from title_words t
      where char_length(q.w) >= 4 and t.word % q.w and word_similarity(q.w, t.word) >= ${TYPO_SIMILARITY}
        and abs(char_length(t.word) - char_length(q.w)) <= ${MAX_TYPOS}), '') || ')', ' & '))
    from unnest(string_to_array(${words.join(' ')}, ' ')) q(w))`;
}
