import { useQuery } from '@tanstack/react-query';
import { FileSpreadsheet } from 'lucide-react';
import type { Itinerary } from '@common/contracts/itineraries';
import { FileActions } from '@/components/file-actions';
import { Card, CardContent } from '@/components/ui/card';
import { formatBytes, formatDateTime, formatWeekdayDate } from '@/lib/labels';
import { downloadUrlOf, itineraryQueries } from './api';
import { itineraryTitle } from './itinerary-title';
import { ItineraryTableView } from './itinerary-table';
import { Trans, useLingui } from '@lingui/react/macro';

export const itineraryDateOf = (date: string) => formatWeekdayDate(date.slice(0, 10));

export function ItineraryCard({ itinerary, canManage, onDelete }: { itinerary: Itinerary; canManage: boolean; onDelete: () => void }) {
  // The same read as the table below (one request): the title needs its dates.
  const { t } = useLingui();
  const table = useQuery(itineraryQueries.table(itinerary.id));
  return (
    <Card className="gap-3 py-4">
      <CardContent className="flex flex-wrap items-start gap-4">
        <FileSpreadsheet className="mt-0.5 size-8 shrink-0 text-emerald-700" aria-hidden="true" />
        {/* At least 14rem for the facts: on a phone the actions wrap below them. */}
        <div className="min-w-0 flex-1 basis-56 space-y-1">
          <h2 className="text-base font-semibold wrap-anywhere text-navy">{itineraryTitle(itinerary, table.data)}</h2>
          <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-muted-foreground sm:grid-cols-[auto_1fr_auto_1fr]">
            <dt className="font-medium text-slate-600">
              <Trans>File</Trans>
            </dt>
            <dd className="min-w-0 wrap-anywhere sm:col-span-3">{itinerary.originalName}</dd>
            <dt className="font-medium text-slate-600">
              <Trans>Date</Trans>
            </dt>
            <dd>{itineraryDateOf(itinerary.uploadDate)}</dd>
            <dt className="font-medium text-slate-600">
              <Trans>Size</Trans>
            </dt>
            <dd>{formatBytes(itinerary.size)}</dd>
            <dt className="font-medium text-slate-600">
              <Trans>Uploaded by</Trans>
            </dt>
            <dd>{itinerary.uploader?.username ?? t`Unknown`}</dd>
            <dt className="font-medium text-slate-600">
              <Trans>Uploaded</Trans>
            </dt>
            <dd>{formatDateTime(itinerary.createdAt)}</dd>
          </dl>
        </div>
        <FileActions href={downloadUrlOf('itinerary', itinerary)} name={itinerary.originalName} onDelete={canManage ? onDelete : undefined} />
      </CardContent>
      <CardContent>
        <ItineraryTableView itineraryId={itinerary.id} name={itinerary.originalName} />
      </CardContent>
    </Card>
  );
}
