import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MapIcon } from 'lucide-react';
import type { Itinerary } from '@common/contracts/itineraries';
import { can } from '@common/permissions';
import { PageHeader } from '@/components/page-header';
import { FileListState } from '@/components/file-list-state';
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
      <div className={canManage ? 'grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_340px]' : ''}>
        <section aria-label="Itineraries" className="space-y-3">
          <FileListState query={query} what="itineraries" icon={MapIcon} empty={list.length === 0}>
            {list.map((itinerary) => (
              <ItineraryCard key={itinerary.id} itinerary={itinerary} canManage={canManage} onDelete={() => setToDelete(itinerary)} />
            ))}
          </FileListState>
        </section>
        {canManage && <ItineraryUploadForm />}
      </div>
      <DeleteItineraryDialog itinerary={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}
