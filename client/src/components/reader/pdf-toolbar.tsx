import { ChevronDown, List } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { PdfState } from './use-pdf-viewer';

/** pdf.js's own zoom limits (10 % to 1000 %): past them its zoom buttons change nothing. */
const MIN_PERCENT = 10;
const MAX_PERCENT = 1000;

interface Props {
  /** Null while the document opens: every control waits for it. */
  state: PdfState | null;
  /** The outline list: shown or not, and the element it is (for the button's aria-controls). */
  outline: { open: boolean; id: string; onToggle: () => void };
  onPrevious: () => void;
  onNext: () => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFitWidth: () => void;
}

/**
 * Above a PDF: Contents (when the document has an outline), previous and next page with
 * 'Page n of m', zoom out and in with the percentage, and 'Fit width'.
 */
export function PdfToolbar({ state, outline, onPrevious, onNext, onZoomIn, onZoomOut, onFitWidth }: Props) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 border-b bg-slate-50 px-3 py-1.5">
      <div className="flex items-center gap-1">
        {state && state.outline.length > 0 && (
          <Button variant={outline.open ? 'secondary' : 'ghost'} size="sm" aria-expanded={outline.open} aria-controls={outline.id} onClick={outline.onToggle}>
            <List aria-hidden="true" /> Contents
          </Button>
        )}
        <Button variant="ghost" size="icon" aria-label="Previous page" disabled={!state || state.page <= 1} onClick={onPrevious}>
          <ChevronDown className="rotate-180" />
        </Button>
        <Button variant="ghost" size="icon" aria-label="Next page" disabled={!state || state.page >= state.pages} onClick={onNext}>
          <ChevronDown />
        </Button>
        <p className="text-sm whitespace-nowrap tabular-nums" aria-live="polite" data-testid="page-count">
          {state ? `Page ${state.page} of ${state.pages}` : 'Opening...'}
        </p>
      </div>
      <div className="flex items-center gap-1">
        <Button variant="ghost" size="icon" aria-label="Zoom out" disabled={!state || state.percent <= MIN_PERCENT} onClick={onZoomOut}>
          <span aria-hidden="true" className="text-lg leading-none">
            −
          </span>
        </Button>
        <span className="w-12 text-center text-sm tabular-nums" data-testid="zoom-percent">
          {state ? `${state.percent}%` : ''}
        </span>
        <Button variant="ghost" size="icon" aria-label="Zoom in" disabled={!state || state.percent >= MAX_PERCENT} onClick={onZoomIn}>
          <span aria-hidden="true" className="text-lg leading-none">
            +
          </span>
        </Button>
        <Button variant={state?.fitWidth ? 'secondary' : 'ghost'} size="sm" aria-pressed={state?.fitWidth ?? false} disabled={!state} onClick={onFitWidth}>
          Fit width
        </Button>
      </div>
    </div>
  );
}
