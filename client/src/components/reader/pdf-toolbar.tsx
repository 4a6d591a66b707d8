import { ChevronDown, Ellipsis, List } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import type { PdfState } from './use-pdf-viewer';
import { Trans, useLingui } from '@lingui/react/macro';

/** pdf.js's own zoom limits (10 % to 1000 %): past them its zoom buttons change nothing. */
const MIN_PERCENT = 10;
const MAX_PERCENT = 1000;

interface Props {
  /** Null while the document opens: every control waits for it. */
  state: PdfState | null;
  /** The outline list: shown or not, and the element it is (for the button's aria-controls). */
  outline: { open: boolean; id: string; onToggle: () => void };
  /** A phone: one row, the zoom controls behind 'More'. */
  narrow: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFitWidth: () => void;
}

/**
 * Above a PDF: Contents (when the document has an outline), previous and next page with
 * 'Page n of m', zoom out and in with the percentage, and 'Fit width'. On a phone it is one
 * row: Contents keeps only its icon and the zoom controls wait in the 'More' menu.
 */
export function PdfToolbar({ state, outline, narrow, onPrevious, onNext, onZoomIn, onZoomOut, onFitWidth }: Props) {
  const zoom = { state, onZoomIn, onZoomOut, onFitWidth };
  const { t } = useLingui();
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 border-b bg-slate-50 px-2 py-1 sm:px-3 sm:py-1.5" data-testid="pdf-toolbar">
      <div className="flex min-w-0 items-center gap-1">
        {state && state.outline.length > 0 && (
          <Button
            variant={outline.open ? 'secondary' : 'ghost'}
            size={narrow ? 'icon' : 'sm'}
            aria-expanded={outline.open}
            aria-controls={outline.id}
            onClick={outline.onToggle}
          >
            <List aria-hidden="true" />{' '}
            <span className={narrow ? 'sr-only' : undefined}>
              <Trans>Contents</Trans>
            </span>
          </Button>
        )}
        <Button variant="ghost" size="icon" aria-label={t`Previous page`} disabled={!state || state.page <= 1} onClick={onPrevious}>
          <ChevronDown className="rotate-180" />
        </Button>
        <Button variant="ghost" size="icon" aria-label={t`Next page`} disabled={!state || state.page >= state.pages} onClick={onNext}>
          <ChevronDown />
        </Button>
        <p className="text-sm whitespace-nowrap tabular-nums" aria-live="polite" data-testid="page-count">
          {state ? <PageOf page={state.page} pages={state.pages} /> : <Trans>Opening...</Trans>}
        </p>
      </div>
      {narrow ? <ZoomMenu {...zoom} /> : <ZoomButtons {...zoom} />}
    </div>
  );
}

function PageOf({ page, pages }: { page: number; pages: number }) {
  return (
    <Trans>
      Page {page} of {pages}
    </Trans>
  );
}

type ZoomProps = Pick<Props, 'state' | 'onZoomIn' | 'onZoomOut' | 'onFitWidth'>;

function ZoomButtons({ state, onZoomIn, onZoomOut, onFitWidth }: ZoomProps) {
  const { t } = useLingui();
  return (
    <div className="flex items-center gap-1">
      <Button variant="ghost" size="icon" aria-label={t`Zoom out`} disabled={!state || state.percent <= MIN_PERCENT} onClick={onZoomOut}>
        <span aria-hidden="true" className="text-lg leading-none">
          −
        </span>
      </Button>
      <span className="w-12 text-center text-sm tabular-nums" data-testid="zoom-percent">
        {state ? `${state.percent}%` : ''}
      </span>
      <Button variant="ghost" size="icon" aria-label={t`Zoom in`} disabled={!state || state.percent >= MAX_PERCENT} onClick={onZoomIn}>
        <span aria-hidden="true" className="text-lg leading-none">
          +
        </span>
      </Button>
      <Button variant={state?.fitWidth ? 'secondary' : 'ghost'} size="sm" aria-pressed={state?.fitWidth ?? false} disabled={!state} onClick={onFitWidth}>
        <Trans>Fit width</Trans>
      </Button>
    </div>
  );
}

/** The zoom controls as a menu (arrows move through it, Enter chooses, Esc closes it). */
function ZoomMenu({ state, onZoomIn, onZoomOut, onFitWidth }: ZoomProps) {
  const { t } = useLingui();
  const percent = state?.percent;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t`More`} disabled={!state}>
          <Ellipsis aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <p className="px-2 py-1.5 text-xs text-muted-foreground tabular-nums" data-testid="zoom-percent">
          {state ? t`Zoom ${percent}%` : ''}
        </p>
        <DropdownMenuItem className="pl-8" disabled={!state || state.percent <= MIN_PERCENT} onSelect={onZoomOut}>
          <Trans>Zoom out</Trans>
        </DropdownMenuItem>
        <DropdownMenuItem className="pl-8" disabled={!state || state.percent >= MAX_PERCENT} onSelect={onZoomIn}>
          <Trans>Zoom in</Trans>
        </DropdownMenuItem>
        <DropdownMenuCheckboxItem checked={state?.fitWidth ?? false} onSelect={onFitWidth}>
          <Trans>Fit width</Trans>
        </DropdownMenuCheckboxItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
