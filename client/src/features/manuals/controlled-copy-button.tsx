import { useEffect, useRef, useState } from 'react';
import { Printer } from 'lucide-react';
import type { ManualCopyJob } from '@common/contracts/manuals';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getJson } from '@/lib/api';
import { saveFileFrom } from '@/lib/download';
import { toastFailure } from '@/lib/use-api-mutation';
import { copyJobFileUrl, copyJobUrl, startCopyUrl } from './api';
import { Trans, useLingui } from '@lingui/react/macro';

/** How often the copy's progress is asked for while it is made. */
export const COPY_POLL_MS = 700;

/**
 * 'Controlled copy': the server makes the manual's PDF in the background, section file by
 * section file; meanwhile the button says how far it is, and the PDF is saved once made.
 */
export function ControlledCopyButton({ manualId, pollMs = COPY_POLL_MS }: { manualId: number; pollMs?: number }) {
  const { t } = useLingui();
  const [job, setJob] = useState<ManualCopyJob | null>(null);
  const [starting, setStarting] = useState(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const failure = { title: t`Controlled copy failed`, fallback: t`The controlled copy could not be made.` };

  const follow = async (started: ManualCopyJob) => {
    let now = started;
    while (now.state === 'making' && mounted.current) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      now = await getJson<ManualCopyJob>(copyJobUrl(now.id));
      if (mounted.current) setJob(now);
    }
    if (now.state === 'failed') toast({ title: failure.title, description: now.message ?? failure.fallback, variant: 'destructive' });
    if (now.state === 'ready') {
      const name = await saveFileFrom(copyJobFileUrl(now.id), 'manual-controlled-copy.pdf');
      toast({ title: t`Controlled copy ready`, description: name });
    }
  };

  const start = async () => {
    setStarting(true);
    try {
      const started = (await (await apiRequest('POST', startCopyUrl(manualId))).json()) as ManualCopyJob;
      setJob(started);
      setStarting(false);
      await follow(started);
    } catch (error) {
      toastFailure(error, failure);
    } finally {
      if (mounted.current) {
        setStarting(false);
        setJob(null);
      }
    }
  };

  const busy = starting || job !== null;
  const percent = job && job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;
  return (
    <div className="flex flex-col gap-1">
      <Button variant="outline" onClick={start} disabled={busy}>
        <Printer className="size-4" aria-hidden="true" /> {busy ? <Trans>Preparing...</Trans> : <Trans>Controlled copy</Trans>}
      </Button>
      {job && (
        <div role="status" className="w-full min-w-44 space-y-1 text-xs text-muted-foreground" data-testid="copy-progress">
          <Progress value={percent} aria-label={t`Controlled copy progress`} />
          <p>
            {job.done < job.total ? (
              <Trans>
                {job.done} of {job.total} section files stamped
              </Trans>
            ) : (
              <Trans>Putting the manual together...</Trans>
            )}
          </p>
        </div>
      )}
    </div>
  );
}
