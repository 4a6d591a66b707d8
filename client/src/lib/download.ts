import { getFile } from './api';
import { ApiError } from './api-error';
import { t } from '@lingui/core/macro';

export const downloadUrlOf = (attachmentId: number) => `/api/attachments/${attachmentId}/download`;

/** The name a download will carry, from Content-Disposition (RFC 5987 form first). */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain form.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : null;
}

/**
 * Check availability with HEAD first, then open the GET in a new tab (the server
 * answers with Content-Disposition: attachment, so the tab turns into a download).
 * Resolves with the file name; rejects when the file is not available.
 */
export async function startDownload(attachmentId: number, legacyPath?: string | null): Promise<string> {
  const url = downloadUrlOf(attachmentId);
  const head = await fetch(url, { method: 'HEAD', credentials: 'include' }).catch(() => null);
  if (head?.ok) {
    window.open(url, '_blank', 'noopener');
    return fileNameFromDisposition(head.headers.get('Content-Disposition')) ?? 'file';
  }
  // Files stored before the database held the bytes are still reachable by their old path.
  if (legacyPath?.startsWith('/')) {
    window.open(legacyPath, '_blank', 'noopener');
    return legacyPath.split('/').pop() || 'file';
  }
  throw new ApiError(head?.status ?? 0, t`File not available`, undefined, undefined);
}

/**
 * Fetches a file the server makes on request (an export, a controlled copy) and saves it
 * under the server's name. Unlike a plain link, a refusal arrives as an ApiError carrying the
 * server's sentence, so the page can say why; a session that ended gets the API client's one
 * Unauthorized notice and the sign-in screen, like every other call. Resolves with the file's name.
 */
export async function saveFileFrom(url: string, fallbackName: string): Promise<string> {
  const response = await getFile(url);
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  const href = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href, download: name, rel: 'noopener' });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the bytes to the browser's download.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return name;
}
