import { useQuery } from '@tanstack/react-query';
import type { SopListItem } from '@common/contracts/sops';
import { Spinner } from '@/components/spinner';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ownerNameOf } from '@/lib/names';
import { sopQueries } from './api';
import { StatusBadge } from './status-badge';
import { MarkdownContent } from '@/components/markdown-content';
import { Fact } from '@/components/fact';
import { CloseFooter } from '@/components/close-footer';
import { Trans, useLingui } from '@lingui/react/macro';

/** Row action Preview: the SOP at a glance, its content from the detail call. */
export function SopPreviewDialog({ sop, onClose }: { sop: SopListItem | null; onClose: () => void }) {
  const detail = useQuery({ ...sopQueries.detail(sop?.id ?? 0), enabled: !!sop });
  const data = detail.data;
  const { t } = useLingui();

  return (
    <Dialog open={!!sop} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{sop?.title}</DialogTitle>
          <DialogDescription>{sop?.summary || t`Preview of the latest version`}</DialogDescription>
        </DialogHeader>
        {sop && (
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <Fact label={t`Department`}>{sop.department?.name ?? t`Not specified`}</Fact>
            <Fact label={t`Status`}>
              <StatusBadge status={sop.status} />
            </Fact>
            <Fact label={t`Version`}>{sop.latestVersion ? `v${sop.latestVersion.versionNumber}` : t`No version`}</Fact>
            <Fact label={t`Owner`}>{ownerNameOf(sop.owner)}</Fact>
          </dl>
        )}
        {/* Focusable so keyboard users can scroll a long procedure. */}
        <section
          aria-label={t`Content`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus for keyboard scrolling
          tabIndex={0}
          className="max-h-[50vh] overflow-y-auto outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-md border bg-muted/40 p-4"
        >
          {detail.isLoading ? (
            <div className="flex justify-center py-6">
              <Spinner label={t`Loading content`} />
            </div>
          ) : detail.isError ? (
            <p className="text-sm text-destructive">
              <Trans>The content could not be loaded.</Trans>
            </p>
          ) : (
            <MarkdownContent source={data?.latestVersion?.content ?? ''} />
          )}
        </section>
        <CloseFooter onClose={onClose} />
      </DialogContent>
    </Dialog>
  );
}
