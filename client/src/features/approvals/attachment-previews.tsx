import { useState } from 'react';
import { Download, FileText } from 'lucide-react';
import type { Attachment } from '@common/contracts/sops';
import { Button } from '@/components/ui/button';
import { formatKB } from '@/lib/format';
import { downloadAttachment } from './api';

const PREVIEWABLE = new Set(['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']);
const PREVIEW_RETRY_MS = 2000;

/**
 * SPEC §4: fetch the preview; when it is missing, ask the server to generate it and try once
 * more after 2 seconds; then give up with 'Preview unavailable'.
 */
function AttachmentPreview({ attachment }: { attachment: Attachment }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  const onError = () => {
    if (attempt > 0) return setState('failed');
    fetch(`/api/attachments/${attachment.id}/preview`, { method: 'POST', credentials: 'include' })
      .catch(() => null)
      .finally(() => setTimeout(() => setAttempt(1), PREVIEW_RETRY_MS));
  };
  if (state === 'failed') return <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">Preview unavailable</p>;
  return (
    <div>
      {state === 'loading' && <p className="text-sm text-muted-foreground">Generating preview...</p>}
      <img
        key={attempt}
        src={`/api/attachments/${attachment.id}/preview${attempt ? '?retry=1' : ''}`}
        alt={`Preview of ${attachment.originalName}`}
        className={state === 'shown' ? 'max-h-[400px] rounded-md border bg-white object-contain' : 'hidden'}
        onLoad={() => setState('shown')}
        onError={onError}
      />
    </div>
  );
}

export function AttachmentPreviews({ attachments }: { attachments: Attachment[] }) {
  return (
    <section aria-labelledby="attachments-heading" className="rounded-lg border bg-card p-4">
      <h3 id="attachments-heading" className="mb-3 text-sm font-semibold text-navy">Attachments ({attachments.length})</h3>
      {attachments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No attachments on this version.</p>
      ) : (
        <ul className="space-y-4">
          {attachments.map((attachment) => (
            <li key={attachment.id} className="space-y-2">
              <div className="flex flex-wrap items-center gap-2">
                <FileText className="size-4 text-ocean" aria-hidden="true" />
                <span className="font-medium">{attachment.originalName}</span>
                <span className="text-xs text-muted-foreground">{attachment.mimeType} · {formatKB(attachment.size)}</span>
                <Button variant="ghost" size="sm" onClick={() => downloadAttachment(attachment.id)} aria-label={`Download ${attachment.originalName}`}>
                  <Download />
                </Button>
              </div>
              {PREVIEWABLE.has(attachment.mimeType) && <AttachmentPreview attachment={attachment} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
