/**
 * The inspection pack as a PDF (decision 082), made in a document worker: a summary, then one
 * section per kind of evidence, long tables continued over as many pages as they need with
 * their column heads repeated; the vessel and the time at the top of every page, page numbers
 * at the bottom, and on the last page the SHA-256 of the pack's data. That data (pack.json)
 * travels inside the PDF as an embedded file, so whoever holds the PDF can check the digest.
 */
import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import type { InspectionPack } from '../../../common/contracts/inspection';
import { embedFonts } from './pdf-fonts';
import { drawTextRuns, type FontFace, type Fonts, widthOf } from './pdf-text';
import { wrapText } from './signature-page';

export interface InspectionPackInput {
  pack: InspectionPack;
  /** pack.json: the bytes the digest is taken of, embedded in the PDF. */
  json: Uint8Array;
  sha256: string;
}

/** A4 landscape, in points: the tables have up to seven columns. */
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 40;
const TOP = PAGE.height - 58;
const BOTTOM = 44;
const SIZE = 8.5;
const LEADING = 1.3;
const INK = rgb(0.1, 0.1, 0.15);
const MUTED = rgb(0.35, 0.35, 0.4);
const RULE = rgb(0.8, 0.8, 0.84);
const SHADE = rgb(0.93, 0.94, 0.96);

/** UTC to the second: '2026-11-29 14:42:00 UTC'; empty for no time. */
export const utc = (at: string | null) => (at ? `${at.slice(0, 19).replace('T', ' ')} UTC` : '');

interface Column {
  head: string;
  /** Share of the table's width. */
  width: number;
}

export interface PackSection {
  title: string;
  /** Lines above the table (or alone, when there is none). */
  lines: string[];
  table?: { columns: Column[]; rows: string[][]; empty: string };
}

/** What the pack says, section by section (also what a test reads back). */
export function packSections(pack: InspectionPack): PackSection[] {
  const { documents, reading, signatures, suggestions, masterReview, audit, link } = pack;
  const pending = documents.filter((d) => d.state === 'pending').length;
  const sections: PackSection[] = [
    {
      title: 'Summary',
      lines: [
        `Vessel: ${pack.vessel.name} (${pack.vessel.code})`,
        `Made: ${utc(pack.madeAt)}, ${pack.madeOn === 'ship' ? "on board, from the ship's own records" : 'at the office, from what the ship reported holding'}`,
        `Documents on the master list: ${documents.length} (current ${documents.length - pending}, pending ${pending})`,
        `People with required reading: ${reading.length}; outstanding ${sum(reading, 'outstanding')}, overdue ${sum(reading, 'overdue')}`,
        `Signatures of the versions in force: ${signatures.length}`,
        `Open suggestions for change: ${suggestions.length}`,
        `Audit trail: ${audit.intact ? 'intact' : `BROKEN at entry ${audit.firstBrokenId}`} (${audit.entries} entries checked ${utc(audit.checkedAt)})`,
        `Last contact ${pack.madeOn === 'ship' ? 'with the office' : 'from the ship'}: ${utc(link.lastContactAt) || 'never'} (link ${link.state.replace('_', ' ')})`,
      ],
    },
    {
      title: 'Master list as held on board',
      lines: [
        pack.madeOn === 'ship'
          ? 'Each SOP in force in the ship’s copy, when it became readable on board, and when its predecessor was withdrawn.'
          : 'Each SOP for this vessel, the version in force, the version the ship reported holding and when, and when it withdrew the predecessor.',
      ],
      table: {
        columns: [
          { head: 'SOP', width: 0.34 },
          { head: 'In force', width: 0.09 },
          { head: 'On board', width: 0.09 },
          { head: 'Received on board', width: 0.16 },
          { head: 'Predecessor withdrawn', width: 0.16 },
          { head: 'State', width: 0.08 },
          { head: 'No.', width: 0.08 },
        ],
        rows: documents.map((d) => [
          d.title,
          d.versionInForce,
          d.onBoard ?? '—',
          utc(d.receivedAt) || '—',
          utc(d.predecessorWithdrawnAt) || '—',
          d.state,
          String(d.sopId),
        ]),
        empty: 'No SOP is on the master list.',
      },
    },
    {
      title: 'Required reading per person',
      lines: ['Everyone assigned to the vessel: versions in force they must read, read, outstanding and past their due day, and the languages read in.'],
      table: {
        columns: [
          { head: 'Person', width: 0.22 },
          { head: 'Department / position', width: 0.22 },
          { head: 'Required', width: 0.08 },
          { head: 'Done', width: 0.08 },
          { head: 'Outstanding', width: 0.1 },
          { head: 'Overdue', width: 0.08 },
          { head: 'Read in', width: 0.22 },
        ],
        rows: reading.map((p) => [
          p.name,
          [p.department, p.position].filter(Boolean).join(' / ') || '—',
          String(p.required),
          String(p.done),
          String(p.outstanding),
          String(p.overdue),
          p.languages || 'original',
        ]),
        empty: 'Nobody is assigned to this vessel.',
      },
    },
    {
      title: 'Signatures of the versions in force',
      lines: ['Each decision on the review route of each version in force on the master list.'],
      table: {
        columns: [
          { head: 'SOP', width: 0.28 },
          { head: 'Version', width: 0.07 },
          { head: 'Signed by', width: 0.2 },
          { head: 'Meaning (step)', width: 0.2 },
          { head: 'Signed', width: 0.15 },
          { head: 'Method', width: 0.1 },
        ],
        rows: signatures.map((s) => [
          s.title,
          s.versionNumber,
          s.onBehalfOf ? `${s.signer} for ${s.onBehalfOf}` : s.signer,
          s.step ? `${s.meaning} (${s.step})` : s.meaning,
          utc(s.at),
          s.method ?? 'none required',
        ]),
        empty: 'No signatures are recorded for the versions in force.',
      },
    },
    {
      title: 'Open suggestions for change',
      lines: ['Suggestions made on board this vessel and not yet answered by the office.'],
      table: {
        columns: [
          { head: 'SOP (version, section)', width: 0.26 },
          { head: 'Suggestion', width: 0.44 },
          { head: 'By', width: 0.15 },
          { head: 'Made', width: 0.15 },
        ],
        rows: suggestions.map((g) => [`${g.title} (v${g.versionNumber}${g.section ? `, ${g.section}` : ''})`, g.text, g.suggestedBy, utc(g.createdAt)]),
        empty: 'No open suggestions.',
      },
    },
  ];
  // Absent (not null): a pack made before master's reviews were kept claims nothing about them.
  if (masterReview !== undefined) {
    const answered = masterReview?.findings.filter((f) => f.answer).length ?? 0;
    sections.push(
      masterReview === null
        ? { title: "Last master's review", lines: ["No master's review is on record for this vessel."] }
        : {
            title: "Last master's review",
            lines: [
              `Signed ${utc(masterReview.signedAt)} by ${masterReview.signedBy}`,
              `Findings: ${masterReview.findings.length} (answered ${answered}, open ${masterReview.findings.length - answered})`,
            ],
            table: {
              columns: [
                { head: 'Finding', width: 0.5 },
                { head: 'Answer', width: 0.5 },
              ],
              rows: masterReview.findings.map((f) => [f.text, f.answer ?? 'open']),
              empty: 'No findings.',
            },
          },
    );
  }
  sections.push({
    title: 'Audit trail and link',
    lines: [
      audit.intact
        ? `The audit trail's hash chain was verified when the pack was made: intact, ${audit.entries} entries.`
        : `The audit trail's hash chain was verified when the pack was made: BROKEN at entry ${audit.firstBrokenId} (${audit.entries} entries).`,
      `Verified: ${utc(audit.checkedAt)}`,
      pack.madeOn === 'ship'
        ? `Last message from the office: ${utc(link.lastContactAt) || 'none since this copy started'}; link ${link.state.replace('_', ' ')}.`
        : `Last message from the ship: ${utc(link.lastContactAt) || 'never'}.`,
    ],
  });
  return sections;
}

const sum = <T>(rows: T[], key: keyof T) => rows.reduce((n, r) => n + Number(r[key]), 0);

/** The statement on the last page: what the digest is of, and the digest. */
export const digestLines = (sha256: string) => [
  'SHA-256 of this pack’s data',
  'A file cannot contain its own digest. What is digested is pack.json: the pack’s data as JSON, embedded in this PDF as an attached file and included in the ZIP of CSVs made with it. Anyone can extract it and compute its SHA-256.',
  `SHA-256: ${sha256}`,
];

/** Lays out the pack: answers the PDF and how many pages it has. */
export async function makeInspectionPack({ pack, json, sha256 }: InspectionPackInput): Promise<{ pdf: Uint8Array; pages: number }> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Inspection pack ${pack.vessel.code} ${utc(pack.madeAt)}`);
  doc.setCreationDate(new Date(pack.madeAt));
  await doc.attach(json, 'pack.json', { mimeType: 'application/json', description: `The pack's data; SHA-256 ${sha256}`, creationDate: new Date(pack.madeAt) });
  const fonts = await embedFonts(doc);
  const width = PAGE.width - 2 * MARGIN;
  const pages: PDFPage[] = [];
  let y = 0;
  const newPage = () => {
    pages.push(doc.addPage([PAGE.width, PAGE.height]));
    y = TOP;
  };
  const line = (text: string, face: FontFace, size: number, x = MARGIN, color = INK) => {
    drawTextRuns(pages[pages.length - 1], text, { x, y, size, face, color });
  };
  const room = (height: number) => {
    if (y - height < BOTTOM) {
      newPage();
      return false;
    }
    return true;
  };
  const paragraph = (text: string, face: FontFace, size: number, color = INK) => {
    for (const part of wrapText(text, face, size, width)) {
      room(size * LEADING);
      y -= size * LEADING;
      line(part, face, size, MARGIN, color);
    }
  };
  const heading = (text: string) => {
    room(40);
    y -= 8;
    paragraph(text, fonts.bold, 13);
    y -= 3;
  };

  // Tables repeat their values (times, versions, states, names): each is laid out once per column width.
  const layouts = new Map<string, string[]>();
  const wrapped = (text: string, face: FontFace, cellWidth: number) => {
    const key = `${face === fonts.bold ? 'b' : 'r'}${cellWidth}\u0000${text}`;
    let lines = layouts.get(key);
    if (!lines) layouts.set(key, (lines = wrapText(text, face, SIZE, cellWidth)));
    return lines;
  };

  newPage();
  drawTitle(pages[0], pack, fonts);
  y -= 26;
  for (const section of packSections(pack)) {
    heading(section.title);
    for (const text of section.lines) paragraph(text, fonts.regular, SIZE + 0.5, section.table ? MUTED : INK);
    if (!section.table) continue;
    y -= 4;
    const { columns, rows, empty } = section.table;
    if (!rows.length) {
      paragraph(empty, fonts.regular, SIZE + 0.5);
      continue;
    }
    const xs = [MARGIN];
    for (const c of columns) xs.push(xs[xs.length - 1] + c.width * width);
    const cells = (values: string[], face: FontFace) => values.map((v, i) => wrapped(v, face, columns[i].width * width - 6));
    const drawRow = (wrapped: string[][], face: FontFace, shade: boolean) => {
      const height = Math.max(...wrapped.map((c) => c.length)) * SIZE * LEADING + 4;
      const page = pages[pages.length - 1];
      if (shade) page.drawRectangle({ x: MARGIN, y: y - height, width, height, color: SHADE });
      wrapped.forEach((c, i) => {
        c.forEach((text, k) => {
          drawTextRuns(page, text, { x: xs[i] + 3, y: y - 2 - (k + 1) * SIZE * LEADING + 2, size: SIZE, face, color: INK });
        });
      });
      y -= height;
      page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.4, color: RULE });
    };
    const head = cells(
      columns.map((c) => c.head),
      fonts.bold,
    );
    drawRow(head, fonts.bold, true);
    for (const row of rows) {
      const wrapped = cells(row, fonts.regular);
      const height = Math.max(...wrapped.map((c) => c.length)) * SIZE * LEADING + 4;
      if (!room(height)) {
        paragraph(`${section.title} (continued)`, fonts.bold, SIZE + 1.5);
        y -= 3;
        drawRow(head, fonts.bold, true);
      }
      drawRow(wrapped, fonts.regular, false);
    }
  }
  // The digest on the last page: a page of its own only when it does not fit under the last section.
  const [title, ...explanation] = digestLines(sha256);
  room(90);
  y -= 12;
  paragraph(title, fonts.bold, 13);
  for (const text of explanation) paragraph(text, fonts.regular, SIZE + 1);

  pages.forEach((page, i) => {
    const header = `Inspection pack · ${pack.vessel.name} (${pack.vessel.code}) · ${utc(pack.madeAt)}`;
    drawTextRuns(page, header, { x: MARGIN, y: PAGE.height - 26, size: SIZE, face: fonts.regular, color: MUTED });
    page.drawLine({ start: { x: MARGIN, y: PAGE.height - 32 }, end: { x: PAGE.width - MARGIN, y: PAGE.height - 32 }, thickness: 0.5, color: RULE });
    const label = `Page ${i + 1} of ${pages.length}`;
    drawTextRuns(page, label, { x: PAGE.width - MARGIN - widthOf(label, fonts.regular, SIZE), y: 22, size: SIZE, face: fonts.regular, color: MUTED });
  });
  return { pdf: await doc.save(), pages: pages.length };
}

function drawTitle(page: PDFPage, pack: InspectionPack, fonts: Fonts) {
  drawTextRuns(page, `Inspection pack: ${pack.vessel.name}`, { x: MARGIN, y: TOP - 16, size: 18, face: fonts.bold, color: INK });
}
