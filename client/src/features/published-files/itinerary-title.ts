import type { Itinerary, ItineraryTable } from '@common/contracts/itineraries';
import { formatDateRange } from '@/lib/labels';
import { t } from '@lingui/core/macro';

/**
 * An itinerary's title as the crew say it: the cruise and its dates ('Cruise AR251120 ·
 * Nov 20 – 24, 2025'), not the file's name. The cruise code is read from the file's or a
 * sheet's name (two to four letters and six digits, e.g. AR251120); the dates from the table's
 * date column, else the itinerary's own date.
 */

const CRUISE_CODE = /(?:^|[^A-Za-z0-9])([A-Za-z]{2,4}\d{6})(?=[^A-Za-z0-9]|$)/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

export function cruiseCodeOf(names: string[]): string | null {
  for (const name of names) {
    const match = CRUISE_CODE.exec(name);
    if (match) return match[1].toUpperCase();
  }
  return null;
}

/** The first and last day in the table's date columns (YYYY-MM-DD), or null when it has none. */
export function tableDays(table: ItineraryTable | undefined): [string, string] | null {
  const days: string[] = [];
  for (const sheet of table?.sheets ?? []) {
    sheet.columns.forEach((column, c) => {
      if (!/date|day/i.test(column)) return;
      for (const row of sheet.rows) {
        const cell = row[c];
        const day = typeof cell === 'string' ? DAY.exec(cell) : null;
        // Excel's day zero holds a time of day, not a date.
        if (day && day[0] !== '1899-12-30') days.push(day[0]);
      }
    });
  }
  if (days.length === 0) return null;
  days.sort();
  return [days[0], days[days.length - 1]];
}

/** 'Nov 20 – 24, 2025', 'Dec 28, 2025 – Jan 4, 2026', or one day 'Nov 20, 2025', in the reader's date style. */
export function dayRangeText(first: string, last: string): string {
  return formatDateRange(first.slice(0, 10), last.slice(0, 10));
}

export function itineraryTitle(itinerary: Pick<Itinerary, 'originalName' | 'uploadDate'>, table?: ItineraryTable): string {
  const cruise = cruiseCodeOf([itinerary.originalName, ...(table?.sheets.map((s) => s.name) ?? [])]);
  const [first, last] = tableDays(table) ?? [itinerary.uploadDate, itinerary.uploadDate];
  return `${cruise ? t`Cruise ${cruise}` : t`Itinerary`} · ${dayRangeText(first, last)}`;
}
