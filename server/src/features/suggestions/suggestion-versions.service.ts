import { sql } from 'drizzle-orm';
import type { SuggestionStatus } from '../../../../common/contracts/suggestions';
import type { Db } from '../../db/client';
import type { Rows } from '../../db/rows';
import { type MailLinks, notify } from '../mail/notify.service';

/**
 * How an accepted suggestion meets the SOP's next version (decision 079): it is linked to the
 * version being drafted (one not yet submitted, so nothing under review or signed changes) and
 * that version's changelog lists it, one line each; when the version comes into force the
 * suggestions linked to it are done and their authors told.
 */

/** The changelog's line for a suggestion: its number, section and the start of its text. */
function changelogLine(s: { id: number; section: string | null; text: string }): string {
  const oneLine = s.text.replace(/\s+/g, ' ').trim();
  const excerpt = oneLine.length > 120 ? `${oneLine.slice(0, 119)}…` : oneLine;
  return `Suggestion ${s.id}${s.section ? ` (${s.section})` : ''}: ${excerpt}`;
}

const withLines = (changelog: string | null, lines: string[]) => [changelog?.trimEnd() || null, ...lines].filter((l) => l !== null).join('\n');

/** The SOP's draft being written (latest, never approved, not submitted), or null. */
async function draftOf(tx: Db, sopId: number): Promise<{ id: number; changelog: string | null } | null> {
  const [draft] = (
    (await tx.execute(sql`select v.id, v.changelog from sops s join sop_versions v on v.id = s.latest_version_id
      where s.id = ${sopId} and not v.is_published and v.submitted_at is null for update of v`)) as unknown as Rows<{ id: number; changelog: string | null }>
  ).rows;
  return draft ?? null;
}

/** Accepting: linked to the draft now being written, listed in its changelog; else null (the next version drafted takes it). */
export async function linkToDraft(tx: Db, sopId: number, suggestionId: number): Promise<number | null> {
  const draft = await draftOf(tx, sopId);
  if (!draft) return null;
  const [s] = (
    (await tx.execute(sql`select id, section, text from suggestions where id = ${suggestionId}`)) as unknown as Rows<{
      id: number;
      section: string | null;
      text: string;
    }>
  ).rows;
  await tx.execute(sql`update sop_versions set changelog = ${withLines(draft.changelog, [changelogLine(s)])} where id = ${draft.id}`);
  return draft.id;
}

/** Declining one accepted before: its line leaves the draft's changelog while that is still a draft. Answers the new link (null). */
export async function unlinkFromDraft(tx: Db, versionId: number, suggestionId: number): Promise<null> {
  const [draft] = (
    (await tx.execute(sql`select v.id, v.changelog from sop_versions v where v.id = ${versionId} and not v.is_published and v.submitted_at is null
      for update`)) as unknown as Rows<{ id: number; changelog: string | null }>
  ).rows;
  if (draft?.changelog) {
    const kept = draft.changelog
      .split('\n')
      .filter((line) => !line.startsWith(`Suggestion ${suggestionId}: `) && !line.startsWith(`Suggestion ${suggestionId} (`));
    await tx.execute(sql`update sop_versions set changelog = ${kept.join('\n') || null} where id = ${draft.id}`);
  }
  return null;
}

/**
 * A new version drafted (appendVersion): every accepted suggestion of the SOP not yet taken up in
 * a version (unlinked, or linked to a draft this one replaces) is linked to it and listed in its
 * changelog. Answers the version's changelog.
 */
export async function linkAcceptedToNewVersion(tx: Db, sopId: number, version: { id: number; changelog: string | null }): Promise<string | null> {
  const { rows } = (await tx.execute(sql`update suggestions g set linked_version_id = ${version.id}
    where g.sop_id = ${sopId} and g.status = 'accepted'
      and (g.linked_version_id is null or exists (select 1 from sop_versions lv where lv.id = g.linked_version_id and not lv.is_published))
    returning g.id, g.section, g.text`)) as unknown as Rows<{ id: number; section: string | null; text: string }>;
  if (rows.length === 0) return version.changelog;
  const lines = rows.sort((a, b) => a.id - b.id).map(changelogLine);
  const changelog = withLines(
    version.changelog,
    lines.filter((l) => !version.changelog?.includes(l)),
  );
  await tx.execute(sql`update sop_versions set changelog = ${changelog} where id = ${version.id}`);
  return changelog;
}

/** A version came into force: the suggestions it takes up are done, and their authors told. */
export async function suggestionsDoneWith(tx: Db, links: MailLinks, versionId: number) {
  const { rows } = (await tx.execute(sql`update suggestions g set status = 'done', triaged_at = now()
    from sops s where s.id = g.sop_id and g.linked_version_id = ${versionId} and g.status = 'accepted'
    returning g.id, g.user_id, g.sop_id, s.title`)) as unknown as Rows<{ id: number; user_id: number | null; sop_id: number; title: string }>;
  for (const r of rows)
    if (r.user_id !== null) await mailAnswered(tx, links, { userId: r.user_id, sopId: r.sop_id, title: r.title, status: 'done', reply: null });
}

/** The suggester's mail (kind `suggestion_answered`), in their language; the bell shows it from the data. */
export async function mailAnswered(
  tx: Db,
  links: MailLinks,
  s: { userId: number; sopId: number; title: string; status: Exclude<SuggestionStatus, 'open'>; reply: string | null },
) {
  await notify(tx, links, {
    kind: 'suggestion_answered',
    to: sql`select ${s.userId}::int`,
    message: (words) => words.suggestionAnswered({ title: s.title, status: s.status, reply: s.reply }),
    path: '/suggestions',
  });
}
