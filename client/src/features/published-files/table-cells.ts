import type { TableCell } from '@common/contracts/itineraries';
import { formatWeekdayDate } from '@/lib/labels';

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?Z$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Excel's day zero: a cell holding only a time of day is that time on this date. */
const TIME_ONLY_DAY = '1899-12-30';

/**
 * A spreadsheet cell as the itinerary table shows it. Dates arrive as ISO text in UTC, which is
 * how the spreadsheet wrote them (spreadsheets have no time zone): they are shown as written,
 * never shifted to the viewer's zone. A time alone shows as 'HH:mm', a whole day as a date.
 */
export function formatTableCell(cell: TableCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const instant = ISO_INSTANT.exec(cell);
  if (instant) {
    const [, y, m, d, hh, mm, ss = '00'] = instant;
    const time = `${hh}:${mm}`;
    if (`${y}-${m}-${d}` === TIME_ONLY_DAY) return time;
    const day = formatWeekdayDate(`${y}-${m}-${d}`);
    return time === '00:00' && ss === '00' ? day : `${day} ${time}`;
  }
  const day = ISO_DAY.exec(cell);
  if (day) return formatWeekdayDate(cell);
  return cell;
}

/** Numbers and times line up on the right. */
export const isNumericCell = (cell: TableCell) => typeof cell === 'number';
