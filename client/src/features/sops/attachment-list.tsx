import { Download, FileText } from 'lucide-react';
import type { Attachment } from '@common/contracts/sops';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { formatMB } from '@/lib/format';
import { AttachmentPreview, isPreviewable } from '@/components/attachment-preview';
import { startDownload } from '@/lib/download';

/** The detail page's download of one file, with the detail page's own failure texts. */
export async function downloadAttachment(attachment: Attachment) {
  try {
    const name = await startDownload(attachment.id, attachment.objectPath);
    toast({ title: 'Download started', description: name });
  } catch {
    toast({ title: 'Download failed', description: 'Failed to download the SOP file. The file may no longer be available.', variant: 'destructive' });
  }
}

export function AttachmentList({ attachments }: { attachments: Attachment[] }) {
  if (attachments.length === 0) {
    return <p className="text-sm text-muted-foreground">No files are attached to the latest version.</p>;
  }
  return (
    <ul className="space-y-4">
      {attachments.map((attachment) => (
        <li key={attachment.id} className="space-y-3 rounded-md border p-3" data-testid="attachment">
          <div className="flex flex-wrap items-center gap-3">
            <FileText className="size-5 shrink-0 text-ocean" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{attachment.originalName}</p>
              <p className="text-xs text-muted-foreground">
                {attachment.mimeType} · {formatMB(attachment.size)}
              </p>
            </div>
            <Button variant="outline" size="sm" onClick={() => downloadAttachment(attachment)} aria-label={`Download ${attachment.originalName}`}>
              <Download /> Download
            </Button>
          </div>
          {isPreviewable(attachment.mimeType, attachment.originalName) && (
            <AttachmentPreview attachmentId={attachment.id} name={attachment.originalName} status={attachment.previewStatus} />
          )}
        </li>
      ))}
    </ul>
  );
}
