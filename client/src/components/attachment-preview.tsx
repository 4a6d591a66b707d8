import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ImageOff } from 'lucide-react';
import { Spinner } from '@/components/spinner';

/** SPEC §9: wait this long after asking the server to generate a missing preview. */
const PREVIEW_RETRY_MS = 2000;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** SPEC §4: fetch; if missing, request generation and retry once after 2 s; else unavailable. */
async function fetchPreview(attachmentId: number, signal: AbortSignal): Promise<Blob> {
  const url = `/api/attachments/${attachmentId}/preview`;
  let res = await fetch(url, { credentials: 'include', signal });
  if (res.status === 404) {
    await fetch(url, { method: 'POST', credentials: 'include', signal }).catch(() => undefined);
    await wait(PREVIEW_RETRY_MS, signal);
    res = await fetch(url, { credentials: 'include', signal });
  }
  if (!res.ok) throw new Error(`${res.status}: Preview not available`);
  return res.blob();
}

export const previewQuery = (attachmentId: number) => ({
  queryKey: ['attachment-preview', attachmentId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchPreview(attachmentId, signal),
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
  return mimeType === 'application/pdf' || mimeType === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' || ext === 'pdf' || ext === 'docx';
}

interface Props {
  attachmentId: number;
  name: string;
  /** SPEC §8: 'Preview not available' on the detail page, 'Preview unavailable' elsewhere. */
  unavailableText?: string;
}

/** The first page of a PDF or Word file as an image, at most 400 px tall. */
export function AttachmentPreview({ attachmentId, name, unavailableText = 'Preview not available' }: Props) {
  const preview = useQuery(previewQuery(attachmentId));
  const url = useObjectUrl(preview.data);

  if (preview.isLoading) {
    return (
      <div className="flex h-40 items-center justify-center gap-2 rounded-md border border-dashed text-sm text-muted-foreground">
        <Spinner className="size-5" label="Generating preview" />
        Generating preview...
      </div>
    );
  }
  if (preview.isError || !url) {
    return (
      <div className="flex h-28 flex-col items-center justify-center gap-1 rounded-md border border-dashed text-center text-sm" role="status">
        <ImageOff className="size-5 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{unavailableText}</p>
        <p className="text-xs text-muted-foreground">The preview could not be generated</p>
      </div>
    );
  }
  return (
    <div className="flex justify-center rounded-md border bg-muted/40 p-2">
      <img src={url} alt={`Preview of the first page of ${name}`} className="max-h-[400px] w-auto object-contain shadow-sm" />
    </div>
  );
}
