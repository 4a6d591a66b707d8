import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

/** The footer of a dialog that only shows something: one Close button. */
export function CloseFooter({ onClose }: { onClose: () => void }) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onClose}>
        Close
      </Button>
    </DialogFooter>
  );
}
