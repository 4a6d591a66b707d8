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
});
