import { buildDocx, buildPdf } from '../test/documents';
import type { DemoSop } from './demo-catalog';

export interface DemoVersionText {
  versionNumber: string;
  changelog: string;
  content: string;
}

/** The markdown-ish body the Approval Center renders (#, ##, bullets, numbered lines). */
export function demoContent(sop: DemoSop, department: string, revision: number): string {
  const steps = revision > 0 ? [...sop.steps, `Review this procedure with the ${department} team at the next safety meeting`] : sop.steps;
  return [
    `# ${sop.title}`,
    '## Purpose',
    sop.summary,
    '## Scope',
    `Applies to all ${department} crew on every ship of the fleet.`,
    '## Prerequisites',
    `- Familiarisation with the ${department} area completed`,
    '- Personal protective equipment as listed in the risk assessment',
    '## Procedure',
    ...steps.map((step, i) => `${i + 1}. ${step}`),
    '## Safety considerations',
    '- Stop the work and report when conditions change or anything looks unsafe',
    '## Quality checkpoints',
    `- The ${department} supervisor signs the checklist at the end of each operation`,
    ...(revision > 0 ? ['## Revision notes', `- Revision ${revision}: steps clarified after the last internal audit`] : []),
  ].join('\n');
}

/** A one- or two-page controlled document as a ship's document controller would print it. */
export function demoPdf(sop: DemoSop, department: string, version: DemoVersionText): Promise<Buffer> {
  return buildPdf({
    title: sop.title,
    author: 'Aurora Cruises Document Control',
    banner: { heading: 'AURORA CRUISES', subheading: `${department}  |  Standard Operating Procedure  |  Version ${version.versionNumber}` },
    body: version.content.split('\n'),
    footer: `Changelog: ${version.changelog}`,
  });
}

/** The same document as Word, for the SOPs whose authors work in Word. */
export function demoDocx(sop: DemoSop, department: string, version: DemoVersionText): Promise<Buffer> {
  return buildDocx({
    title: sop.title,
    creator: 'Aurora Cruises Document Control',
    header: `${department} - Version ${version.versionNumber}`,
    body: version.content.split('\n'),
  });
}
