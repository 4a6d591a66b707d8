import { describe, expect, it } from 'vitest';
import { cruiseCodeOf, dayRangeText, itineraryTitle, tableDays } from './itinerary-title';

const table = (columns: string[], rows: (string | number | null)[][], name = 'Sheet1') => ({ sheets: [{ name, columns, rows, truncated: false }] });

describe('itinerary titles', () => {
  it('names the cruise and its first and last day from the table', () => {
    const ports = table(
      ['Day', 'Date', 'Port of call', 'Arrival', 'Departure'],
      [
        [1, '2025-11-20', 'Barcelona', null, '1899-12-30T18:00:00.000Z'],
        [5, '2025-11-24T00:00:00.000Z', 'Funchal', '1899-12-30T09:00:00.000Z', null],
      ],
    );
    expect(itineraryTitle({ originalName: 'AR251120_itinerary.xlsx', uploadDate: '2025-11-19' }, ports)).toBe('Cruise AR251120 · Nov 20\u2009–\u200924, 2025');
  });

  it('falls back to a sheet name for the cruise and to the itinerary date without a date column', () => {
    const ports = table(['Port', 'Arrival'], [['Lisbon', '08:00']], 'ms251124');
    expect(itineraryTitle({ originalName: 'ports.csv', uploadDate: '2025-11-24' }, ports)).toBe('Cruise MS251124 · Nov 24, 2025');
    expect(itineraryTitle({ originalName: 'ports.csv', uploadDate: '2025-11-24' })).toBe('Itinerary · Nov 24, 2025');
  });

  it('reads a cruise code only as a whole token', () => {
    expect(cruiseCodeOf(['AR251120_itinerary.xlsx'])).toBe('AR251120');
    expect(cruiseCodeOf(['itinerary 2025-11-20.xlsx'])).toBeNull();
    expect(cruiseCodeOf(['XAR2511201.xlsx'])).toBeNull();
  });

  it('writes ranges across a year end and single days', () => {
    expect(dayRangeText('2025-12-28', '2026-01-04')).toBe('Dec 28, 2025\u2009–\u2009Jan 4, 2026');
    expect(dayRangeText('2025-11-20', '2025-11-20')).toBe('Nov 20, 2025');
    expect(tableDays(table(['Date'], [['not a date']]))).toBeNull();
  });
});
