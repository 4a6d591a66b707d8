import { describe, expect, it } from 'vitest';
import { formatKB, formatMB, formatRelativeDay, formatSize, humanizeAction } from './format';

const now = new Date('2026-11-21T12:00:00');
const daysAgo = (n: number) => new Date(now.getTime() - n * 24 * 60 * 60 * 1000);

describe('formatRelativeDay', () => {
  it.each([
    [0, 'Today'],
    [1, 'Yesterday'],
    [3, '3 days ago'],
    [6, '6 days ago'],
    [7, '1 week ago'],
    [15, '2 weeks ago'],
    [29, '4 weeks ago'],
  ])('%i days back reads %s', (n, expected) => {
    expect(formatRelativeDay(daysAgo(n), now)).toBe(expected);
  });
  it('shows a date from 30 days on', () => {
    expect(formatRelativeDay(daysAgo(30), now)).toBe('Oct 22, 2026');
  });
});

describe('sizes and actions', () => {
  it('formats KB and MB', () => {
    expect(formatKB(2048)).toBe('2.0 KB');
    expect(formatMB(1572864)).toBe('1.50 MB');
    expect(formatMB(undefined)).toBe('Unknown size');
    expect([640, 12_595, 4_404_019, 200 * 1024 * 1024].map(formatSize)).toEqual(['640 B', '12.3 KB', '4.2 MB', '200 MB']);
  });
  it('shows actions with spaces', () => {
    expect(humanizeAction('sop_created')).toBe('sop created');
  });
});
