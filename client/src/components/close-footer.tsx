import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Trans } from '@lingui/react/macro';

/** The footer of a dialog that only shows something: one Close button. */
export function CloseFooter({ onClose }: { onClose: () => void }) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onClose}>
        <Trans>Close</Trans>
      </Button>
    </DialogFooter>
  );
}
