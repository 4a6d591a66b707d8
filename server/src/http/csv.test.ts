import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('starts with a BOM, ends records with CRLF and quotes commas, quotes and line breaks', () => {
    const csv = toCsv(
      ['Name', 'Note', 'Count'],
      [
        ['Deck, Aft', 'He said "stop"', 3],
        ['Line\nbreak', 'Carriage\r\nreturn', null],
      ],
    );
    expect(csv.startsWith('\uFEFFName,Note,Count\r\n')).toBe(true);
    expect(csv).toContain('"Deck, Aft","He said ""stop""",3\r\n');
    expect(csv).toContain('"Line\nbreak","Carriage\r\nreturn",\r\n');
    expect(parse(csv.slice(1))).toEqual([
      ['Name', 'Note', 'Count'],
      ['Deck, Aft', 'He said "stop"', '3'],
      ['Line\nbreak', 'Carriage\r\nreturn', ''],
    ]);
  });

  it('writes text a spreadsheet would run as a formula with a leading apostrophe, and leaves numbers alone', () => {
    const csv = toCsv(
      ['Title', 'Count'],
      [
        ['=HYPERLINK("http://x")', -3],
        ['+1', 0],
        ['-rf', null],
        ['@SUM(A1)', 1],
        ['\tTab', 2],
        ['Plain - title', 4],
      ],
    );
    expect(parse(csv.slice(1))).toEqual([
      ['Title', 'Count'],
      ['\'=HYPERLINK("http://x")', '-3'],
      ["'+1", '0'],
      ["'-rf", ''],
      ["'@SUM(A1)", '1'],
      ["'\tTab", '2'],
      ['Plain - title', '4'],
    ]);
  });

  it('quotes every cell holding a field separator and makes a formula starting any of its sub-fields inert', () => {
    const csv = toCsv(['Title'], [['x;=1+1'], ['a,+SUM(A1)'], ['tab\t@cmd'], ['semi;colon'], ['Deck, -aft'], ['Plain - title'], ['a;b']]);
    const lines = csv.slice(1).split('\r\n');
    // Quoted, so no program splits the cell, whichever separator it expects.
    expect(lines.slice(1, 8)).toEqual(['"\'x;=1+1"', '"\'a,+SUM(A1)"', '"\'tab\t@cmd"', '"semi;colon"', '"\'Deck, -aft"', 'Plain - title', '"a;b"']);
    // Read with ';' or tab as the separator, no field starts with a formula character.
    for (const delimiter of [',', ';', '\t']) {
      const fields = parse(csv.slice(1), { delimiter, relax_quotes: true, relax_column_count: true }).flat() as string[];
      expect(
        fields.filter((field) => /^[=+\-@]/.test(field)),
        delimiter,
      ).toEqual([]);
    }
  });
});
