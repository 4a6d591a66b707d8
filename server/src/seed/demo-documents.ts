import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
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

const A4: [number, number] = [595.28, 841.89];

function wrapLine(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(candidate, size) > maxWidth) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
}

/** pdf-lib's standard fonts speak WinAnsi only: typographic quotes become plain ones. */
const winAnsi = (text: string) => text.replace(/[’‘]/g, "'").replace(/[“”]/g, '"').replace(/[^\x20-\x7e°]/g, '-');

/** A one- or two-page controlled document as a ship's document controller would print it. */
export async function demoPdf(sop: DemoSop, department: string, version: DemoVersionText): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(sop.title);
  pdf.setAuthor('Aurora Cruises Document Control');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage(A4);
  const navy = rgb(0.07, 0.2, 0.36);
  page.drawRectangle({ x: 0, y: A4[1] - 70, width: A4[0], height: 70, color: navy });
  page.drawText('AURORA CRUISES', { x: 50, y: A4[1] - 40, size: 16, font: bold, color: rgb(1, 1, 1) });
  page.drawText(winAnsi(`${department}  |  Standard Operating Procedure  |  Version ${version.versionNumber}`), { x: 50, y: A4[1] - 58, size: 9, font: regular, color: rgb(0.85, 0.9, 1) });
  let y = A4[1] - 110;
  for (const raw of version.content.split('\n')) {
    const heading = raw.startsWith('#');
    const text = winAnsi(raw.replace(/^#+\s*/, ''));
    const font = heading ? bold : regular;
    const size = raw.startsWith('# ') ? 20 : heading ? 13 : 11;
    if (heading) y -= 8;
    for (const line of wrapLine(text, font, size, A4[0] - 100)) {
      if (y < 60) {
        page = pdf.addPage(A4);
        y = A4[1] - 60;
      }
      page.drawText(line, { x: 50, y, size, font, color: heading ? navy : rgb(0.1, 0.1, 0.1) });
      y -= size + 6;
    }
  }
  page.drawText(winAnsi(`Changelog: ${version.changelog}`), { x: 50, y: 36, size: 8, font: regular, color: rgb(0.4, 0.4, 0.4) });
  return Buffer.from(await pdf.save());
}

/** The same document as Word, for the SOPs whose authors work in Word. */
export async function demoDocx(sop: DemoSop, department: string, version: DemoVersionText): Promise<Buffer> {
  const paragraphs = version.content.split('\n').map((line) => {
    if (line.startsWith('# ')) return new Paragraph({ text: line.slice(2), heading: HeadingLevel.HEADING_1 });
    if (line.startsWith('## ')) return new Paragraph({ text: line.slice(3), heading: HeadingLevel.HEADING_2 });
    if (line.startsWith('- ')) return new Paragraph({ text: line.slice(2), bullet: { level: 0 } });
    return new Paragraph({ children: [new TextRun(line)] });
  });
  const doc = new Document({
    creator: 'Aurora Cruises Document Control',
    title: sop.title,
    sections: [
      {
        children: [
          new Paragraph({ alignment: AlignmentType.RIGHT, children: [new TextRun({ text: `${department} - Version ${version.versionNumber}`, italics: true })] }),
          ...paragraphs,
        ],
      },
    ],
  });
  return Buffer.from(await Packer.toBuffer(doc));
}
