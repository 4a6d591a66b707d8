import { useState } from 'react';
import { BookOpen, Download, FileText, Printer } from 'lucide-react';
import type { Attachment } from '@common/contracts/attachments';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { fileKindLabel, formatBytes } from '@/lib/labels';
import { AttachmentPreviewOf } from '@/components/attachment-preview';
import { ReaderDialog } from '@/components/reader/reader-dialog';
import { attachmentDocument, type ReaderDocument, readerKindOf } from '@/components/reader/reader-document';
import { startDownload } from '@/lib/download';
import { useSaveFile } from '@/lib/use-save-file';
import { useRecordOpening } from '@/lib/attestations';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** The detail page's download of one file, with the detail page's own failure texts. */
export async function downloadAttachment(attachment: Attachment) {
  try {
    const name = await startDownload(attachment.id, attachment.objectPath);
    toast({ title: t`Download started`, description: name });
  } catch {
    toast({ title: t`Download failed`, description: t`Failed to download the SOP file. The file may no longer be available.`, variant: 'destructive' });
  }
}

/** A PDF of the version in force, stamped on every page by the server for printing. */
function PrintControlledCopy({ attachment }: { attachment: Attachment }) {
  const { t } = useLingui();
  const { saving: busy, save } = useSaveFile({
    ready: t`Controlled copy ready`,
    failed: t`Controlled copy failed`,
    fallback: t`The controlled copy could not be made.`,
  });
  const name = attachment.originalName;
  const print = () => save(`/api/attachments/${attachment.id}/controlled-copy`, 'controlled-copy.pdf');
  return (
    <Button variant="outline" size="sm" onClick={print} disabled={busy} aria-label={t`Print controlled copy of ${name}`}>
      <Printer /> {busy ? <Trans>Preparing...</Trans> : <Trans>Print controlled copy</Trans>}
    </Button>
  );
}

interface Props {
  attachments: Attachment[];
  /** The version the files belong to: opening one in the reader is recorded for it. */
  versionId?: number;
  /** The files belong to the version in force, so their PDFs can be printed as controlled copies. */
  inForce?: boolean;
  /** What an empty list says. */
  emptyText?: string;
  /** Each file's first-page picture under its name (tapping it opens the reader); off for a compact list. */
  previews?: boolean;
}

/** A version's files, each with Read (in the document reader), Download and, in force, a controlled copy. */
export function AttachmentList({ attachments, versionId, inForce = false, emptyText, previews = true }: Props) {
  const { t } = useLingui();
  const [reading, setReading] = useState<ReaderDocument | null>(null);
  // A file counts as read once the reader has shown it (first page drawn, text on screen).
  const recordOpening = useRecordOpening(versionId);
  if (attachments.length === 0) {
    return <p className="text-sm text-muted-foreground">{emptyText ?? t`No files are attached to the latest version.`}</p>;
  }
  const readable = (attachment: Attachment) => readerKindOf(attachment.mimeType, true) !== null;
  return (
    <>
      <ul className="space-y-4">
        {attachments.map((attachment) => {
          const name = attachment.originalName;
          return (
            <li key={attachment.id} className="space-y-3 rounded-md border p-3" data-testid="attachment">
              <div className="flex flex-wrap items-center gap-3">
                <FileText className="size-5 shrink-0 text-ocean" aria-hidden="true" />
                {/* The name keeps room for itself: the actions wrap below it in a narrow column. */}
                <div className="min-w-0 flex-1 basis-44">
                  <p className="truncate font-medium">{attachment.originalName}</p>
                  <p className="text-xs text-muted-foreground">
                    {fileKindLabel(attachment.mimeType)} · {formatBytes(attachment.size)}
                  </p>
                </div>
                {readable(attachment) && (
                  <Button size="sm" onClick={() => setReading(attachmentDocument(attachment))} aria-label={t`Read ${name}`}>
                    <BookOpen /> <Trans>Read</Trans>
                  </Button>
                )}
                <Button variant="outline" size="sm" onClick={() => downloadAttachment(attachment)} aria-label={t`Download ${name}`}>
                  <Download /> <Trans>Download</Trans>
                </Button>
                {inForce && attachment.mimeType === 'application/pdf' && <PrintControlledCopy attachment={attachment} />}
              </div>
              {previews && (
                <AttachmentPreviewOf attachment={attachment} onOpen={readable(attachment) ? () => setReading(attachmentDocument(attachment)) : undefined} />
              )}
            </li>
          );
        })}
      </ul>
      <ReaderDialog
        document={reading}
        onClose={() => setReading(null)}
        onOpened={(document) => document.attachmentId !== undefined && recordOpening(document.attachmentId)}
      />
    </>
  );
}
