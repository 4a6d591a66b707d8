import { describe, expect, it } from 'vitest';
import { findMatches, matchCountText, stepMatch } from './find-in-text';

describe('findMatches', () => {
  it('finds every occurrence, ignoring case', () => {
    const found = findMatches(['Muster stations are on deck 5.', 'Go to your MUSTER station.', 'Muster again'], 'muster');
    expect(found.map((m) => [m.start.piece, m.start.offset, m.end.offset])).toEqual([
      [0, 0, 6],
      [1, 11, 17],
      [2, 0, 6],
    ]);
  });

  it('finds a phrase broken across two text runs and across extra white space', () => {
    const [match] = findMatches(['Close the watertight', 'doors   before  departure'], 'watertight doors before');
    expect(match).toEqual({ start: { piece: 0, offset: 10 }, end: { piece: 1, offset: 14 } });
  });

  it('finds nothing for an empty or blank query, and stops at the limit', () => {
    expect(findMatches(['anything'], '   ')).toEqual([]);
    expect(findMatches(['a a a a a'], 'a', 3)).toHaveLength(3);
  });

  it('does not count overlapping matches twice', () => {
    expect(findMatches(['aaaa'], 'aa')).toHaveLength(2);
  });
});

describe('stepping through matches', () => {
  it('wraps round at both ends', () => {
    expect(stepMatch(2, 3, 1)).toBe(0);
    expect(stepMatch(0, 3, -1)).toBe(2);
    expect(stepMatch(-1, 3, -1)).toBe(2);
    expect(stepMatch(0, 0, 1)).toBe(-1);
  });

  it('says where it is', () => {
    expect(matchCountText(-1, 0)).toBe('No matches');
    expect(matchCountText(2, 12)).toBe('3 of 12');
    expect(matchCountText(0, 1000)).toBe('1 of 1000+');
  });
});
