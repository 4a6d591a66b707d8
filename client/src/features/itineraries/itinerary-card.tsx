import { useId, useState } from 'react';
import { format, parseISO } from 'date-fns';
import { ChevronDown, FileSpreadsheet } from 'lucide-react';
import type { Itinerary } from '@common/contracts/itineraries';
import { FileActions } from '@/components/file-actions';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { formatDateTime, formatKB } from '@/lib/format';
import { downloadUrlOf } from './api';
import { ItineraryTableView } from './itinerary-table';

export const itineraryDateOf = (date: string) => format(parseISO(date), 'EEE, MMM d, yyyy');

export function ItineraryCard({ itinerary, canManage, onDelete }: { itinerary: Itinerary; canManage: boolean; onDelete: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const tableId = useId();
  return (
    <Card className="gap-3 py-4">
      <CardContent className="flex flex-wrap items-start gap-4">
        <FileSpreadsheet className="mt-0.5 size-8 shrink-0 text-emerald-700" aria-hidden="true" />
        {/* At least 14rem for the facts: on a phone the actions wrap below them. */}
        <div className="min-w-0 flex-1 basis-56 space-y-1">
          <h2 className="text-sm font-semibold wrap-anywhere text-navy">{itinerary.originalName}</h2>
          <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-muted-foreground sm:grid-cols-[auto_1fr_auto_1fr]">
            <dt className="font-medium text-slate-600">Date</dt>
            <dd>{itineraryDateOf(itinerary.uploadDate)}</dd>
            <dt className="font-medium text-slate-600">Size</dt>
            <dd>{formatKB(itinerary.size)}</dd>
            <dt className="font-medium text-slate-600">Uploaded by</dt>
            <dd>{itinerary.uploader?.username ?? 'Unknown'}</dd>
            <dt className="font-medium text-slate-600">Uploaded</dt>
            <dd>{formatDateTime(itinerary.createdAt)}</dd>
          </dl>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-expanded={expanded}
            aria-controls={tableId}
            aria-label={`${expanded ? 'Hide' : 'Show'} table of ${itinerary.originalName}`}
            onClick={() => setExpanded((open) => !open)}
          >
            <ChevronDown className={cn('transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
            {expanded ? 'Hide table' : 'Show table'}
          </Button>
          <FileActions href={downloadUrlOf(itinerary)} name={itinerary.originalName} onDelete={canManage ? onDelete : undefined} />
        </div>
      </CardContent>
      {expanded && (
        <CardContent id={tableId}>
          <ItineraryTableView itineraryId={itinerary.id} name={itinerary.originalName} />
        </CardContent>
      )}
    </Card>
  );
}
