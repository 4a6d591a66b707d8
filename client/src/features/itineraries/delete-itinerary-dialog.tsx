import type { Itinerary } from '@common/contracts/itineraries';
import { DeleteTargetDialog, deleteQuestion } from '@/components/confirm-delete-dialog';
import { useDeleteItinerary } from './api';

export function DeleteItineraryDialog({ itinerary, onClose }: { itinerary: Itinerary | null; onClose: () => void }) {
  const remove = useDeleteItinerary();
  return (
    <DeleteTargetDialog target={itinerary} title="Delete itinerary" description={deleteQuestion(itinerary?.originalName)} remove={remove} onClose={onClose} />
  );
}
