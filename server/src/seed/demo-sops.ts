import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../common/contracts/auth';
import { DECISION } from '../../../common/sop-lifecycle';
import type { Db } from '../db/client';
import { sops } from '../db/schema';
import { checkAttachmentType, storeAttachments } from '../features/attachments/attachment-store.service';
import { decideTask } from '../features/approvals/decide-task.service';
import { submitSop } from '../features/sops/sop-lifecycle.service';
import { addVersion, createSop } from '../features/sops/sop-write.service';
import { writeTempFile } from '../files/temp-files';
import type { DemoSop } from './demo-catalog';
import { demoContent, demoDocx, demoPdf, type DemoVersionText } from './demo-documents';

/** The life each demo SOP has lived, so every screen has something to show. */
const SCENARIOS = ['published', 'draft', 'awaiting-approval', 'published-twice', 'changes-requested', 'revising-published'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export const scenarioOf = (index: number): Scenario => SCENARIOS[index % SCENARIOS.length];

export interface DemoCast {
  owner: SessionUser;
  /** Decides the tasks; never the owner, so the rule against self-approval holds. */
  approver: SessionUser;
}

const DAY = 24 * 60 * 60 * 1000;

async function attachDocument(db: Db, actor: SessionUser, sop: { id: number; title: string }, versionId: number, file: { data: Buffer; originalName: string }) {
  const received = await writeTempFile(file.data);
  // Its preview is queued with it; seedDemo renders the queue once every SOP is in.
  await storeAttachments(db, actor, { sopId: sop.id, versionId, title: sop.title }, [checkAttachmentType({ file: received, originalName: file.originalName })]);
}

/** Creates one SOP through the real services (audit events, search vector and rules included). */
export async function seedDemoSop(db: Db, cast: DemoCast, item: DemoSop, department: { id: number; name: string }, index: number): Promise<Scenario> {
  const scenario = scenarioOf(index);
  const revisions = scenario === 'published-twice' || scenario === 'revising-published' ? 2 : 1;
  const texts: DemoVersionText[] = Array.from({ length: revisions }, (_, r) => ({
    versionNumber: `1.${r}`,
    changelog: r === 0 ? 'Initial version' : 'Steps clarified after the internal audit',
    content: demoContent(item, department.name, r),
  }));
  const slug = item.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const asWord = index % 3 === 1;
  const fileFor = async (text: DemoVersionText) =>
    asWord
      ? { data: await demoDocx(item, department.name, text), originalName: `${slug}-v${text.versionNumber}.docx` }
      : { data: await demoPdf(item, department.name, text), originalName: `${slug}-v${text.versionNumber}.pdf` };

  const sopId = await createSop(db, cast.owner, {
    title: item.title,
    departmentId: department.id,
    category: item.category,
    summary: item.summary,
    tags: item.tags,
    content: texts[0].content,
    versionNumber: null,
    changelog: null,
    reviewFrequency: 12,
  });
  const ref = { id: sopId, title: item.title };
  const [{ latestVersionId: firstVersionId }] = await db.select({ latestVersionId: sops.latestVersionId }).from(sops).where(eq(sops.id, sopId));
  await attachDocument(db, cast.owner, ref, firstVersionId!, await fileFor(texts[0]));

  const approve = async () => {
    const { taskId } = await submitSop(db, cast.owner, sopId);
    await decideTask(db, cast.approver, taskId, { status: DECISION.approve, comments: 'Reviewed against the safety management system. Approved.' });
  };

  if (scenario === 'awaiting-approval') await submitSop(db, cast.owner, sopId);
  if (scenario === 'changes-requested') {
    const { taskId } = await submitSop(db, cast.owner, sopId);
    await decideTask(db, cast.approver, taskId, {
      status: DECISION.requestChanges,
      comments: 'Please add the PPE required for each step and the reporting line.',
    });
  }
  if (scenario === 'published' || scenario === 'published-twice' || scenario === 'revising-published') await approve();
  if (revisions > 1) {
    const version = await addVersion(db, cast.owner, sopId, {
      content: texts[1].content,
      versionNumber: texts[1].versionNumber,
      changelog: texts[1].changelog,
      keepAttachmentIds: [],
    });
    await attachDocument(db, cast.owner, ref, version.id, await fileFor(texts[1]));
    if (scenario === 'published-twice') await approve();
  }
  await spreadOverTime(db, sopId, index);
  return scenario;
}

/**
 * Everything above happened a moment ago; a believable library grew over months. The
 * first SOPs are the oldest, the last ones were touched this week.
 */
async function spreadOverTime(db: Db, sopId: number, index: number) {
  const start = new Date(Date.now() - (130 - index * 2) * DAY);
  await db.execute(sql`
    with ordered as (
      select id, row_number() over (order by id) - 1 as n from sop_versions where sop_id = ${sopId}
    )
    update sop_versions v set
      created_at = ${start.toISOString()}::timestamptz + ordered.n * interval '9 days',
      submitted_at = case when v.submitted_at is null then null else ${start.toISOString()}::timestamptz + ordered.n * interval '9 days' + interval '1 day' end,
      approved_at = case when v.approved_at is null then null else ${start.toISOString()}::timestamptz + ordered.n * interval '9 days' + interval '3 days' end
    from ordered where v.id = ordered.id`);
  await db.execute(sql`
    update sops set
      created_at = ${start.toISOString()}::timestamptz,
      updated_at = least(now(), (select max(greatest(created_at, coalesce(submitted_at, created_at), coalesce(approved_at, created_at))) from sop_versions where sop_id = ${sopId}) + interval '2 hours')
    where id = ${sopId}`);
}
