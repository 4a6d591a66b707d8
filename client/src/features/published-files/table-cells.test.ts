import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTableCell } from './table-cells';

// Written in the British date style: the reader's locale decides it (client/src/lib/labels.ts).
beforeEach(() => {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
});
afterEach(() => vi.restoreAllMocks());

describe('formatTableCell', () => {
  it.each([
    [null, ''],
    [3, '3'],
    [1.5, '1.5'],
    ['Lisbon', 'Lisbon'],
    ['2026-05-01T00:00:00.000Z', 'Fri, 1 May 2026'],
    ['2026-05-01T14:30:00.000Z', 'Fri, 1 May 2026 14:30'],
    ['1899-12-30T08:00:00.000Z', '08:00'],
    ['1899-12-30T00:00:00.000Z', '00:00'],
    ['2026-05-03', 'Sun, 3 May 2026'],
    ['17:00', '17:00'],
    ['2026-05-01 is embarkation', '2026-05-01 is embarkation'],
  ])('%s -> %s', (cell, shown) => {
    expect(formatTableCell(cell)).toBe(shown);
  });
});
