import { describe, expect, it } from 'vitest';
import { fitWidthPercent, percentOf, scaleOf, zoomIn, zoomOut } from './zoom';

const A4_WIDTH_PT = 595.28;

describe('zoom', () => {
  it('fits an A4 page to a phone and to a desktop reading area', () => {
    // 390 px phone: the page at about half its printed size, filling the width.
    expect(fitWidthPercent(390, A4_WIDTH_PT)).toBe(47);
    expect(fitWidthPercent(1068, A4_WIDTH_PT)).toBe(132);
    // Never beyond the largest stop, nothing before the area is measured.
    expect(fitWidthPercent(10_000, A4_WIDTH_PT)).toBe(300);
    expect(fitWidthPercent(0, A4_WIDTH_PT)).toBe(100);
  });

  it('steps through the stops from wherever fit-width left it', () => {
    expect(zoomIn(47)).toEqual({ mode: 'fixed', percent: 50 });
    expect(zoomOut(47)).toEqual({ mode: 'fixed', percent: 47 });
    expect(zoomIn(100)).toEqual({ mode: 'fixed', percent: 125 });
    expect(zoomOut(132)).toEqual({ mode: 'fixed', percent: 125 });
    expect(zoomIn(300)).toEqual({ mode: 'fixed', percent: 300 });
    expect(zoomOut(50)).toEqual({ mode: 'fixed', percent: 50 });
  });

  it('shows the fitted percentage in fit-width mode and turns a percentage into the pdf.js scale', () => {
    expect(percentOf({ mode: 'fit-width' }, 87)).toBe(87);
    expect(percentOf({ mode: 'fixed', percent: 150 }, 87)).toBe(150);
    expect(scaleOf(75)).toBe(1);
  });
});
