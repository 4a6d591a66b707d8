import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MapIcon } from 'lucide-react';
import type { Itinerary } from '@common/contracts/itineraries';
import { FileListState } from '@/components/file-list-state';
import { itineraryQueries } from './api';
import { DeletePublishedFileDialog } from './delete-file-dialog';
import { ItineraryCard } from './itinerary-card';
import { ItineraryUploadForm } from './itinerary-upload-form';
import { PublishedLayout, useCanManageFiles } from './published-layout';
import { useLingui } from '@lingui/react/macro';

export default function ItineraryPage() {
  const { t } = useLingui();
  const query = useQuery(itineraryQueries.list());
  const [toDelete, setToDelete] = useState<Itinerary | null>(null);
  const canManage = useCanManageFiles();
  const list = query.data ?? [];

  return (
    <PublishedLayout
      title={t`Itinerary`}
      description={t`Cruise itineraries: ports of call, arrival and departure times.`}
      listLabel={t`Itineraries`}
      listClassName="space-y-3"
      canManage={canManage}
      upload={<ItineraryUploadForm />}
      dialogs={<DeletePublishedFileDialog kind="itinerary" target={toDelete && { file: toDelete }} onClose={() => setToDelete(null)} />}
    >
      <FileListState query={query} what="itineraries" icon={MapIcon} empty={list.length === 0}>
        {list.map((itinerary) => (
          <ItineraryCard key={itinerary.id} itinerary={itinerary} canManage={canManage} onDelete={() => setToDelete(itinerary)} />
        ))}
      </FileListState>
    </PublishedLayout>
  );
}
