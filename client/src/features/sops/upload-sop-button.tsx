import { lazy, Suspense, useState } from 'react';
import { FileUp } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useOnline } from '@/offline/offline-status';
import { Trans } from '@lingui/react/macro';

const loadDialog = () => import('./upload-sop-dialog');
const UploadSopDialog = lazy(() => loadDialog().then((m) => ({ default: m.UploadSopDialog })));

/**
 * 'Upload SOP File' on the dashboard and the procedures page. The dialog's form code (forms,
 * validation) is fetched when the crew points at the button, not with the first screen.
 */
export function UploadSopButton({ triggerClassName }: { triggerClassName?: string }) {
  const [wanted, setWanted] = useState(false);
  const online = useOnline();
  const placeholder = (
    <Button size="sm" className={triggerClassName} disabled={!online} onPointerEnter={loadDialog} onFocus={loadDialog} onClick={() => setWanted(true)}>
      <FileUp /> <Trans>Upload SOP File</Trans>
    </Button>
  );
  if (!wanted || !online) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UploadSopDialog triggerClassName={triggerClassName} defaultOpen />
    </Suspense>
  );
}
