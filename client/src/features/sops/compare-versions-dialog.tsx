import { useId, useState } from 'react';
import type { SopDetail } from '@common/contracts/sops';
import { versionStanding } from '@common/sop-lifecycle';
import { CloseFooter } from '@/components/close-footer';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { VersionDiffLoader } from '@/components/version-diff';
import { versionStandingLabel } from '@/lib/labels';
import { Trans, useLingui } from '@lingui/react/macro';

type Versions = Pick<SopDetail, 'id' | 'title' | 'versions' | 'effectiveVersionId' | 'status' | 'latestVersionId'>;

/** The version just before `id` (by creation), else the one after it: what a comparison starts from. */
const before = (ids: number[], id: number) => ids.filter((v) => v < id).at(-1) ?? ids.find((v) => v !== id) ?? id;

function VersionSelect({ label, value, onChange, sop }: { label: string; value: number; onChange: (id: number) => void; sop: Versions }) {
  const id = useId();
  const versions = [...sop.versions].sort((a, b) => b.id - a.id);
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground uppercase">
        {label}
      </label>
      <select
        id={id}
        className="h-9 w-full rounded-md border border-input bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {versions.map((v) => (
          <option key={v.id} value={v.id}>
            v{v.versionNumber} · {versionStandingLabel(versionStanding(v, sop.effectiveVersionId, sop))}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * 'Compare versions' on the SOP page: two versions picked (at first the one on the page and
 * the one before it) and what changed between them, content and files.
 */
export default function CompareVersionsDialog({ sop, shownId, open, onClose }: { sop: Versions; shownId: number; open: boolean; onClose: () => void }) {
  const ids = sop.versions.map((v) => v.id).sort((a, b) => a - b);
  const [to, setTo] = useState(shownId);
  const [from, setFrom] = useState(() => before(ids, shownId));
  const { t } = useLingui();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[95vh] overflow-y-auto sm:max-w-3xl" data-testid="compare-dialog">
        <DialogHeader>
          <DialogTitle>
            <Trans>Compare versions</Trans>
          </DialogTitle>
          <DialogDescription>{sop.title}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-3 sm:flex-row">
          <VersionSelect label={t`From`} value={from} onChange={setFrom} sop={sop} />
          <VersionSelect label={t`To`} value={to} onChange={setTo} sop={sop} />
        </div>
        {from === to ? (
          <p className="text-sm text-muted-foreground">
            <Trans>Pick two different versions to see what changed.</Trans>
          </p>
        ) : (
          <VersionDiffLoader sopId={sop.id} from={from} to={to} />
        )}
        <CloseFooter onClose={onClose} />
      </DialogContent>
    </Dialog>
  );
}
