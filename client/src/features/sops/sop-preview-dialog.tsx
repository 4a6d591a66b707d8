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

/** Row action Preview: the SOP at a glance, its content from the detail call. */
export function SopPreviewDialog({ sop, onClose }: { sop: SopListItem | null; onClose: () => void }) {
  const detail = useQuery({ ...sopQueries.detail(sop?.id ?? 0), enabled: !!sop });
  const data = detail.data;

  return (
    <Dialog open={!!sop} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{sop?.title}</DialogTitle>
          <DialogDescription>{sop?.summary || 'Preview of the latest version'}</DialogDescription>
        </DialogHeader>
        {sop && (
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <Fact label="Department">{sop.department?.name ?? 'Not specified'}</Fact>
            <Fact label="Status">
              <StatusBadge status={sop.status} />
            </Fact>
            <Fact label="Version">{sop.latestVersion ? `v${sop.latestVersion.versionNumber}` : 'No version'}</Fact>
            <Fact label="Owner">{ownerNameOf(sop.owner)}</Fact>
          </dl>
        )}
        {/* Focusable so keyboard users can scroll a long procedure. */}
        <section
          aria-label="Content"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus for keyboard scrolling
          tabIndex={0}
          className="max-h-[50vh] overflow-y-auto outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-md border bg-muted/40 p-4"
        >
          {detail.isLoading ? (
            <div className="flex justify-center py-6">
              <Spinner label="Loading content" />
            </div>
          ) : detail.isError ? (
            <p className="text-sm text-destructive">The content could not be loaded.</p>
          ) : (
            <MarkdownContent source={data?.latestVersion?.content ?? ''} />
          )}
        </section>
        <CloseFooter onClose={onClose} />
      </DialogContent>
    </Dialog>
  );
}
