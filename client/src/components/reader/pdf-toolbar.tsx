import { ChevronDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { type Zoom, zoomIn, zoomOut } from './zoom';

interface Props {
  /** False while the document opens: every control waits for it. */
  ready: boolean;
  page: number;
  count: number;
  /** The zoom in force, as a percentage of the page's own size. */
  percent: number;
  zoom: Zoom;
  onGoTo: (page: number) => void;
  onZoom: (zoom: Zoom) => void;
}

/** Above a PDF: previous and next page with 'Page n of m', zoom out and in with the percentage, and 'Fit width'. */
export function PdfToolbar({ ready, page, count, percent, zoom, onGoTo, onZoom }: Props) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b bg-slate-50 px-3 py-1.5">
      <div className="flex items-center gap-1">
        <Button variant="ghost" size="icon" aria-label="Previous page" disabled={!ready || page <= 1} onClick={() => onGoTo(page - 1)}>
          <ChevronDown className="rotate-180" />
        </Button>
        <Button variant="ghost" size="icon" aria-label="Next page" disabled={!ready || page >= count} onClick={() => onGoTo(page + 1)}>
          <ChevronDown />
        </Button>
        <p className="text-sm tabular-nums" aria-live="polite" data-testid="page-count">
          {ready ? `Page ${page} of ${count}` : 'Opening...'}
        </p>
      </div>
      <div className="flex items-center gap-1">
        <Button variant="ghost" size="icon" aria-label="Zoom out" disabled={!ready} onClick={() => onZoom(zoomOut(percent))}>
          <span aria-hidden="true" className="text-lg leading-none">
            −
          </span>
        </Button>
        <span className="w-12 text-center text-sm tabular-nums">{percent}%</span>
        <Button variant="ghost" size="icon" aria-label="Zoom in" disabled={!ready} onClick={() => onZoom(zoomIn(percent))}>
          <span aria-hidden="true" className="text-lg leading-none">
            +
          </span>
        </Button>
        <Button
          variant={zoom.mode === 'fit-width' ? 'secondary' : 'ghost'}
          size="sm"
          aria-pressed={zoom.mode === 'fit-width'}
          disabled={!ready}
          onClick={() => onZoom({ mode: 'fit-width' })}
        >
          Fit width
        </Button>
      </div>
    </div>
  );
}
