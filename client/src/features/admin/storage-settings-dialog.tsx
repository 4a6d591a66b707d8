import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ALLOWED_FILE_EXTENSIONS, MAX_ATTACHMENTS_PER_UPLOAD, MAX_FILE_BYTES } from '@common/limits';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { formatBytes } from '@/lib/labels';
import { adminQueries } from './api';
import { Trans, useLingui } from '@lingui/react/macro';

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium tabular-nums">{value}</dd>
    </div>
  );
}

/** A titled list of figures. */
function Figures({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="text-sm">
      <h3 id={id} className="font-semibold text-navy">
        {title}
      </h3>
      <dl className="divide-y">{children}</dl>
    </section>
  );
}

/** 'Storage Settings': what the file store holds and the limits every upload meets. */
export function StorageSettingsDialog() {
  const { t } = useLingui();
  const { data, isLoading } = useQuery(adminQueries.storage());
  const show = (value: (facts: NonNullable<typeof data>) => ReactNode) => (isLoading ? '...' : data ? value(data) : '—');
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" className="w-full">
          <Trans>Storage Settings</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>Storage Settings</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>What the file store holds, and the limits every upload is checked against.</Trans>
          </DialogDescription>
        </DialogHeader>
        <Figures id="storage-figures" title={t`Stored files`}>
          <Row label={t`Files kept (identical files once)`} value={show((f) => f.storedFiles)} />
          <Row label={t`Space they take`} value={show((f) => formatBytes(f.storedBytes))} />
          <Row label={t`Files in use by procedures, programs and itineraries`} value={show((f) => f.referencedFiles)} />
          <Row label={t`Their size if each were kept separately`} value={show((f) => formatBytes(f.referencedBytes))} />
          <Row label={t`Saved by keeping identical files once`} value={show((f) => formatBytes(Math.max(0, f.referencedBytes - f.storedBytes)))} />
        </Figures>
        <Figures id="storage-limits" title={t`File limits`}>
          <Row label={t`Largest file`} value={formatBytes(MAX_FILE_BYTES)} />
          <Row label={t`Files per upload`} value={MAX_ATTACHMENTS_PER_UPLOAD} />
          <Row label={t`Accepted kinds`} value={ALLOWED_FILE_EXTENSIONS.join(', ')} />
        </Figures>
      </DialogContent>
    </Dialog>
  );
}
