import { describe, expect, it } from 'vitest';
import { toastPlacement } from './toast-placement';

const tablet = { width: 820, height: 1180 };
const box = (top: number, bottom: number, left = 0, right = 820) => ({ top, bottom, left, right });

describe('where toasts go', () => {
  it('stay in their corner when nothing is there', () => {
    expect(toastPlacement(tablet, [], [])).toEqual({});
    // A bar high up the page is not in the toasts' way.
    expect(toastPlacement(tablet, [], [box(100, 300)])).toEqual({});
  });
  it('rise above a bar at the bottom of the screen, such as the decision bar on a tablet', () => {
    expect(toastPlacement(tablet, [], [box(900, 1180)])).toEqual({ bottom: 280 });
  });
  it('ignore a bar in the other column on a wide screen', () => {
    expect(toastPlacement({ width: 1366, height: 768 }, [], [box(600, 768, 0, 800)])).toEqual({});
    expect(toastPlacement({ width: 1366, height: 768 }, [], [box(600, 768, 0, 1000)])).toEqual({ bottom: 168 });
  });
  it('take the larger free band beside an open dialog, never over it', () => {
    expect(toastPlacement(tablet, [box(300, 1000)], [box(900, 1180)])).toEqual({ top: 0, bottom: 'auto', maxHeight: 300 });
    expect(toastPlacement(tablet, [box(100, 700)], [])).toEqual({ top: 'auto', bottom: 0, maxHeight: 480 });
  });
});
