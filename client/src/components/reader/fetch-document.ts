import { msg } from '@lingui/core/macro';
import { i18n } from '@/lib/i18n';
import { notCachedMessage } from '@/lib/api-error';
import { NOT_CACHED_CODE } from '@/offline/caches';

/**
 * A document's bytes (or HTML answer) for the reader, from the same address as its download,
 * so the copy kept for offline reading answers when there is no link. Fails with a sentence
 * for the reader to show.
 */
export async function fetchDocument(url: string, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(i18n._(msg`The document could not be loaded: there is no connection and no copy kept on this device.`));
  }
  if (response.ok) return response;
  const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
  if (body?.code === NOT_CACHED_CODE) throw new Error(notCachedMessage());
  if (response.status === 404) throw new Error(i18n._(msg`This file is no longer available.`));
  throw new Error(body?.message ?? i18n._(msg`The document could not be opened.`));
}
