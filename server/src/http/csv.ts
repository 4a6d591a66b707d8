import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../files/send-file';

/** Byte order mark: tells Excel the file is UTF-8 (without it, accented names turn to mojibake). */
const BOM = '\uFEFF';

/**
 * A CSV file as spreadsheet programs open it: UTF-8 with a BOM, CRLF line ends, every field
 * quoted when it holds a comma, a quote or a line break (RFC 4180, by csv-stringify), and
 * also a semicolon or a tab: a spreadsheet set up for another separator then still reads the
 * cell whole instead of starting a new cell inside it.
 */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  // With CRLF records csv-stringify quotes only fields holding the whole delimiter: a lone
  // line feed or carriage return must be quoted too, or a spreadsheet splits the row there.
  return (
    BOM +
    stringify([header, ...rows.map((row) => row.map((value) => (typeof value === 'string' ? inertCell(value) : value)))], {
      record_delimiter: 'windows',
      quoted_match: /[\r\n;\t]/,
      cast: { number: (n) => String(n) },
    })
  );
}

/**
 * Text a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage
 * return: a title like '=HYPERLINK(...)' typed by anyone who may create an SOP) is written
 * with a leading apostrophe, so it opens as the text it is. The same goes for text where such
 * a character starts a sub-field after a separator (`x;=1+1`): opened with that separator,
 * the part after it would be a cell of its own.
 */
export function inertCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const FORMULA_START = /(?:^|[,;\t]\s*)[=+\-@\t\r]/;

/**
 * Sends the header and rows as a CSV download named after `stem` and today's date, never
 * cached (it is a snapshot of live data).
 */
export function sendCsv(reply: FastifyReply, stem: string, header: readonly string[], rows: (string | number | null)[][]) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(datedFileName(stem)))
    .header('cache-control', 'no-store')
    .send(toCsv([...header], rows));
}

/** `register-2026-11-22.csv`: the day the snapshot was taken (UTC). */
export const datedFileName = (stem: string, now = new Date()) => `${stem}-${now.toISOString().slice(0, 10)}.csv`;
