import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ImageOff } from 'lucide-react';
import type { Attachment } from '@common/contracts/attachments';
import { can } from '@common/permissions';
import type { PreviewStatus } from '@common/preview-status';
import { Spinner } from '@/components/spinner';
import { queryKeys } from '@/lib/query-keys';
import { useCurrentUser } from '@/lib/session';
import { useIdle } from '@/hooks/use-idle';
import { Trans, useLingui } from '@lingui/react/macro';

/** Wait this long between asks while the server is still generating a preview. */
const PREVIEW_RETRY_MS = 2000;
/** Asks before giving up on a preview still being made (each POST itself waits up to 20 s). */
const PREVIEW_ROUNDS = 5;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * Fetch; if missing, request generation (`generates`: who may, `files.preview`; not on a
 * ship's copy, which makes its previews itself from the files it receives): the server answers
 * once it is ready (200), at once when it failed for good (422) or is not a previewable type
 * (415), or 202 while still being made, when we wait and ask again. A failure stops here: it never polls.
 */
async function fetchPreview(attachmentId: number, generates: boolean, signal: AbortSignal): Promise<Blob> {
  const url = `/api/attachments/${attachmentId}/preview`;
  for (let round = 0; round < PREVIEW_ROUNDS; round += 1) {
    const res = await fetch(url, { credentials: 'include', signal });
    if (res.ok) return res.blob();
    if (res.status !== 404 || !generates) break;
    const asked = await fetch(url, { method: 'POST', credentials: 'include', signal });
    if (asked.status === 202) await wait(PREVIEW_RETRY_MS, signal);
    else if (!asked.ok) break;
  }
  throw new Error('Preview not available');
}

export const previewQuery = (attachmentId: number, generates: boolean) => ({
  queryKey: queryKeys.attachmentPreview(attachmentId),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchPreview(attachmentId, generates, signal),
  // A stored preview never changes: the attachment it shows is immutable.
  staleTime: Infinity,
  retry: false,
});

function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** PDF and Word (docx) attachments get a first-page preview image. */
export function isPreviewable(mimeType: string, name: string): boolean {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  return (
    mimeType === 'application/pdf' || mimeType === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' || ext === 'pdf' || ext === 'docx'
  );
}

interface Props {
  attachmentId: number;
  name: string;
  /** The attachment's previewStatus: `failed` and `none` show the unavailable state without asking the server. */
  status?: PreviewStatus;
  /** 'Preview not available' on the detail page, 'Preview unavailable' elsewhere: each screen keeps the wording its users know. */
  unavailableText?: string;
  /** Given: pressing the image opens the document in the reader. */
  onOpen?: () => void;
}

/** The first page of a PDF or Word file as an image, at most 400 px tall. */
export function AttachmentPreview({ attachmentId, name, status, unavailableText, onOpen }: Props) {
  const { t } = useLingui();
  const settled = status === 'failed' || status === 'none';
  // Asked for once the screen has painted and the browser is idle: the image (often 100 KB)
  // would otherwise share a slow link with what the screen draws first. A cached one shows at once.
  const idle = useIdle();
  const { user } = useCurrentUser();
  const preview = useQuery({ ...previewQuery(attachmentId, can(user, 'files.preview')), enabled: !settled && idle });
  const url = useObjectUrl(preview.data);

  if (preview.isPending && !settled) {
    return (
      <div className="flex h-40 items-center justify-center gap-2 rounded-md border border-dashed text-sm text-muted-foreground">
        <Spinner className="size-5" label={t`Generating preview`} />
        <Trans>Generating preview...</Trans>
      </div>
    );
  }
  if (preview.isError || !url) {
    return (
      <div className="flex h-28 flex-col items-center justify-center gap-1 rounded-md border border-dashed text-center text-sm" role="status">
        <ImageOff className="size-5 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{unavailableText ?? t`Preview not available`}</p>
        <p className="text-xs text-muted-foreground">
          <Trans>The preview could not be generated</Trans>
        </p>
      </div>
    );
  }
  const image = <img src={url} alt={t`Preview of the first page of ${name}`} className="max-h-[400px] w-auto object-contain shadow-sm" />;
  if (!onOpen) return <div className="flex justify-center rounded-md border bg-muted/40 p-2">{image}</div>;
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={t`Open ${name} in the reader`}
      className="flex w-full cursor-zoom-in justify-center rounded-md border bg-muted/40 p-2 transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {image}
    </button>
  );
}

/** An attachment's preview when its type has one (PDF, Word), else nothing. */
export function AttachmentPreviewOf({ attachment, ...rest }: { attachment: Attachment } & Pick<Props, 'unavailableText' | 'onOpen'>) {
  if (!isPreviewable(attachment.mimeType, attachment.originalName)) return null;
  return <AttachmentPreview attachmentId={attachment.id} name={attachment.originalName} status={attachment.previewStatus} {...rest} />;
}
