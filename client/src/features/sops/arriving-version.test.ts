import { describe, expect, it } from 'vitest';
import { arrivingLine } from './arriving-version';

describe('the arriving line on a ship', () => {
  it('names the version on its way and the share of its bytes on board', () => {
    expect(arrivingLine({ versionNumber: '1.2', percent: 45 })).toBe('v1.2 arriving (45 %)');
    expect(arrivingLine({ versionNumber: '2.0', percent: 0 })).toBe('v2.0 arriving (0 %)');
  });
});
