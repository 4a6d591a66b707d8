/**
 * The reader's zoom: either "fit width" (the page as wide as the reading area) or a fixed
 * percentage of the page's printed size. Zooming in or out steps through the usual stops from
 * wherever it is, so fit-width at 87 % zooms in to 100 % and out to 75 %.
 */

export type Zoom = { mode: 'fit-width' } | { mode: 'fixed'; percent: number };

export const ZOOM_STOPS = [50, 75, 100, 125, 150, 200, 300] as const;
export const MIN_ZOOM = ZOOM_STOPS[0];
export const MAX_ZOOM = ZOOM_STOPS[ZOOM_STOPS.length - 1];

/** CSS pixels per PDF point at 100 %: a page is shown at its printed size (96 px per inch, 72 points per inch). */
export const CSS_PX_PER_POINT = 96 / 72;

/** Room left beside the page when it is fitted to the width, in CSS pixels. */
const FIT_MARGIN = 16;

/** The percentage at which a page `pageWidthPt` points wide fills `areaWidthPx` (kept within the zoom range). */
export function fitWidthPercent(areaWidthPx: number, pageWidthPt: number): number {
  if (areaWidthPx <= 0 || pageWidthPt <= 0) return 100;
  const percent = ((areaWidthPx - FIT_MARGIN) / (pageWidthPt * CSS_PX_PER_POINT)) * 100;
  return Math.min(MAX_ZOOM, Math.max(25, Math.floor(percent)));
}

/** The percentage a zoom shows now. */
export const percentOf = (zoom: Zoom, fitPercent: number) => (zoom.mode === 'fit-width' ? fitPercent : zoom.percent);

export function zoomIn(current: number): Zoom {
  const next = ZOOM_STOPS.find((stop) => stop > current + 0.5);
  return { mode: 'fixed', percent: next ?? MAX_ZOOM };
}

export function zoomOut(current: number): Zoom {
  const next = [...ZOOM_STOPS].reverse().find((stop) => stop < current - 0.5);
  return { mode: 'fixed', percent: next ?? Math.min(current, MIN_ZOOM) };
}

/** The pdf.js viewport scale for a percentage: CSS pixels per point. */
export const scaleOf = (percent: number) => (percent / 100) * CSS_PX_PER_POINT;
