import { createHash } from 'node:crypto';
import type { InspectionPack } from '../../../../common/contracts/inspection';
import { toCsv } from '../../http/csv';

type Cell = string | number | null;

/** One CSV per section of the pack, English column names, one row per row of the PDF's table. */
export function packCsvTables(pack: InspectionPack): { name: string; header: string[]; rows: Cell[][] }[] {
  const tables = [
    {
      name: 'master-list.csv',
      header: ['SOP', 'Title', 'Version in force', 'On board', 'Received on board', 'Predecessor withdrawn', 'State'],
      rows: pack.documents.map((d) => [d.sopId, d.title, d.versionInForce, d.onBoard, d.receivedAt, d.predecessorWithdrawnAt, d.state]),
    },
    {
      name: 'required-reading.csv',
      header: ['Person', 'Department', 'Position', 'Required', 'Done', 'Outstanding', 'Overdue', 'Read in', 'Outstanding versions'],
      rows: pack.reading.map((p) => [
        p.name,
        p.department,
        p.position,
        p.required,
        p.done,
        p.outstanding,
        p.overdue,
        p.languages,
        p.outstandingItems.join('; '),
      ]),
    },
    {
      name: 'signatures.csv',
      header: ['SOP', 'Title', 'Version', 'Signed by', 'On behalf of', 'Meaning', 'Step', 'Signed at', 'Method'],
      rows: pack.signatures.map((s) => [s.sopId, s.title, s.versionNumber, s.signer, s.onBehalfOf, s.meaning, s.step, s.at, s.method]),
    },
    {
      name: 'open-suggestions.csv',
      header: ['Suggestion', 'Title', 'Version', 'Section', 'Text', 'Suggested by', 'Made at'],
      rows: pack.suggestions.map((g) => [g.id, g.title, g.versionNumber, g.section, g.text, g.suggestedBy, g.createdAt]),
    },
  ];
  if (pack.masterReview !== undefined) {
    const review = pack.masterReview;
    tables.push({
      name: 'master-review.csv',
      header: ['Signed at', 'Signed by', 'Finding', 'Answer'],
      rows: review ? review.findings.map((f) => [review.signedAt, review.signedBy, f.text, f.answer]) : [],
    });
  }
  tables.push({
    name: 'audit-and-link.csv',
    header: [
      'Vessel',
      'Vessel name',
      'Made at',
      'Made on',
      'Audit trail intact',
      'First broken entry',
      'Entries checked',
      'Checked at',
      'Last contact',
      'Link',
    ],
    rows: [
      [
        pack.vessel.code,
        pack.vessel.name,
        pack.madeAt,
        pack.madeOn,
        pack.audit.intact ? 'yes' : 'no',
        pack.audit.firstBrokenId,
        pack.audit.entries,
        pack.audit.checkedAt,
        pack.link.lastContactAt,
        pack.link.state,
      ],
    ],
  });
  return tables;
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The ZIP's files: pack.json (the bytes the pack's digest is of), each section's CSV, and
 * manifest.csv naming every other file with its rows and SHA-256 (pack.json's is the pack's digest).
 */
export function packCsvFiles(pack: InspectionPack, json: Uint8Array, sha256: string): { name: string; bytes: Uint8Array }[] {
  const files = packCsvTables(pack).map((t) => ({ name: t.name, rows: t.rows.length, bytes: Buffer.from(toCsv(t.header, t.rows), 'utf8') }));
  const manifest = toCsv(['File', 'Rows', 'SHA-256'], [['pack.json', null, sha256], ...files.map((f) => [f.name, f.rows, sha256Of(f.bytes)])]);
  return [
    { name: 'pack.json', bytes: json },
    ...files.map(({ name, bytes }) => ({ name, bytes })),
    { name: 'manifest.csv', bytes: Buffer.from(manifest, 'utf8') },
  ];
}
