import { Download, FileText } from 'lucide-react';
import type { Attachment } from '@common/contracts/attachments';
import { AttachmentPreviewOf } from '@/components/attachment-preview';
import { Button } from '@/components/ui/button';
import { formatBytes, fileKindOf } from '@/lib/labels';
import { downloadAttachment } from './api';

export function AttachmentPreviews({ attachments }: { attachments: Attachment[] }) {
  return (
    <section aria-labelledby="attachments-heading" className="rounded-lg border bg-card p-4">
      <h3 id="attachments-heading" className="mb-3 text-sm font-semibold text-navy">
        Attachments ({attachments.length})
      </h3>
      {attachments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No attachments on this version.</p>
      ) : (
        <ul className="space-y-4">
          {attachments.map((attachment) => (
            <li key={attachment.id} className="space-y-2">
              <div className="flex flex-wrap items-center gap-2">
                <FileText className="size-4 text-ocean" aria-hidden="true" />
                <span className="font-medium">{attachment.originalName}</span>
                <span className="text-xs text-muted-foreground">
                  {fileKindOf(attachment.mimeType)} · {formatBytes(attachment.size)}
                </span>
                <Button variant="ghost" size="sm" onClick={() => downloadAttachment(attachment)} aria-label={`Download ${attachment.originalName}`}>
                  <Download />
                </Button>
              </div>
              <AttachmentPreviewOf attachment={attachment} unavailableText="Preview unavailable" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
