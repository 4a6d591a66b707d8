import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MapIcon } from 'lucide-react';
import type { Itinerary } from '@common/contracts/itineraries';
import { can } from '@common/permissions';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useCurrentUser } from '@/lib/session';
import { itineraryQueries } from './api';
import { DeleteItineraryDialog } from './delete-itinerary-dialog';
import { ItineraryCard } from './itinerary-card';
import { ItineraryUploadForm } from './upload-form';

export default function ItineraryPage() {
  const { user } = useCurrentUser();
  const query = useQuery(itineraryQueries.list());
  const [toDelete, setToDelete] = useState<Itinerary | null>(null);
  // The server enforces it too; the table only decides what to show.
  const canManage = can(user, 'files.manage');
  const list = query.data ?? [];

  return (
    <div>
      <PageHeader title="Itinerary" description="Cruise itineraries: ports of call, arrival and departure times." />
      <div className={canManage ? 'grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_340px]' : ''}>
        <section aria-label="Itineraries" className="space-y-3">
          <QueryState
            query={query}
            loading="Loading itineraries"
            failed="Could not load the itineraries."
            frame="rounded-lg border bg-white py-16"
            errorFrame="rounded-lg border bg-white py-12"
          >
            {list.length === 0 ? (
              <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-white py-16 text-center">
                <MapIcon className="size-10 text-slate-300" aria-hidden="true" />
                <p className="font-medium text-slate-600">No itineraries uploaded yet</p>
              </div>
            ) : (
              list.map((itinerary) => <ItineraryCard key={itinerary.id} itinerary={itinerary} canManage={canManage} onDelete={() => setToDelete(itinerary)} />)
            )}
          </QueryState>
        </section>
        {canManage && <ItineraryUploadForm />}
      </div>
      <DeleteItineraryDialog itinerary={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}
