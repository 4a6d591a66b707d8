import type { Itinerary } from '@common/contracts/itineraries';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { useDeleteItinerary } from './api';

export function DeleteItineraryDialog({ itinerary, onClose }: { itinerary: Itinerary | null; onClose: () => void }) {
  const remove = useDeleteItinerary();
  return (
    <ConfirmDeleteDialog
      open={!!itinerary}
      title="Delete itinerary"
      description={`Are you sure you want to delete "${itinerary?.originalName}"? This action cannot be undone.`}
      pending={remove.isPending}
      onConfirm={() => itinerary && remove.mutate(itinerary, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}
