import { describe, expect, it } from 'vitest';
import { weighedMap } from './bounded-map';

describe('weighedMap', () => {
  const bytes = (value: string) => value.length;

  it('drops the oldest entries once over the count', () => {
    const map = weighedMap<string, string>(2, 1000, bytes);
    map.set('a', 'x');
    map.set('b', 'x');
    map.set('c', 'x');
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([undefined, 'x', 'x']);
  });

  it('drops the oldest entries once over the weight, and counts a replaced entry once', () => {
    const map = weighedMap<string, string>(10, 10, bytes);
    map.set('a', '12345');
    map.set('a', '1234');
    map.set('b', '12345');
    // 4 + 5 = 9: both stay, the replaced value's weight is gone.
    expect([map.get('a'), map.get('b')]).toEqual(['1234', '12345']);
    map.set('c', '12');
    // 11 > 10: the oldest goes.
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([undefined, '12345', '12']);
    map.delete('b');
    map.set('d', '12345678');
    expect([map.get('c'), map.get('d')]).toEqual(['12', '12345678']);
  });
});
