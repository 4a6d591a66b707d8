import type { DailyProgramCruise } from '@common/contracts/daily-programs';
import type { MyReading } from '@common/contracts/reading';
import type { SopDetail } from '@common/contracts/sops';
import { enforceBudget } from './budget';
import { COPY_CACHES, FETCHED_AT_HEADER } from './caches';
import { isOffline } from './offline-status';
import { type KeptSop, readStateOf, updateState } from './offline-state';

/**
 * Fetching ahead, in the background while the link is there: the reads every screen needs
 * (who is signed in, settings, departments), the user's required reading
 * (each SOP, its history and reading state, the attestations and the files of the version in
 * force, with a Word file's HTML for the reader), the daily programs of today and the next two days, and a fresh copy of every SOP the
 * user keeps offline. The reads go through the service worker, which stores them as it stores
 * any read. Gently: one JSON read at a time, two files at a time, and a copy the worker holds
 * is asked for with its ETag, so an unchanged one costs a bodiless 304.
 */

const WORD = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** How many days of daily programs, today included. */
export const PROGRAM_DAYS = 3;
const FILES_AT_ONCE = 2;
const APP_READS = ['/api/user', '/api/settings', '/api/departments', '/api/notifications'];

/** The reads that make an SOP readable offline: the SOP, its history, its reading state, and the attestations and files of the version in force. */
export function sopCopyUrls(sop: SopDetail): string[] {
  const urls = [`/api/sops/${sop.id}`, `/api/sops/${sop.id}/history`, `/api/sops/${sop.id}/reading`];
  // A reader sees the version in force; an SOP never published shows its latest (newest first).
  const version = sop.versions.find((v) => v.id === sop.effectiveVersionId) ?? sop.versions[0];
  if (!version) return urls;
  urls.push(`/api/sop-versions/${version.id}/attestations`);
  for (const file of version.attachments) {
    urls.push(`/api/attachments/${file.id}/download`);
    if (file.previewStatus === 'ready') urls.push(`/api/attachments/${file.id}/preview`);
    // The reader shows a Word file as HTML: kept too, so it opens with no link.
    if (file.mimeType === WORD) urls.push(`/api/attachments/${file.id}/html`);
  }
  return urls;
}

/** YYYY-MM-DD of today and the days after it, in this device's time zone (the ship's clock). */
export function programDates(now: Date = new Date(), days = PROGRAM_DAYS): string[] {
  return Array.from({ length: days }, (_, offset) => {
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
    return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  });
}

/** The files of every cruise's daily programs on these dates. */
export function programFileUrls(cruises: DailyProgramCruise[], dates: string[]): string[] {
  return cruises.flatMap((cruise) =>
    cruise.days.filter((day) => dates.includes(day.date)).flatMap((day) => day.files.map((file) => `/api/daily-programs/${file.id}/download`)),
  );
}

/** The session ended mid-way: stop (the worker has already deleted every copy). */
class SignedOut extends Error {}

async function storedCopy(path: string): Promise<Response | undefined> {
  for (const name of COPY_CACHES) {
    if (!(await caches.has(name))) continue;
    const copy = await (await caches.open(name)).match(path, { ignoreVary: true });
    if (copy) return copy;
  }
  return undefined;
}

/**
 * Fetches one read through the worker, which stores it; with the ETag of the copy it holds, so
 * an unchanged answer is a 304 and the copy is used. Null when the server has nothing to give.
 */
export async function fetchCopy(path: string, signal?: AbortSignal): Promise<Response | null> {
  const copy = await storedCopy(path);
  const etag = copy?.headers.get('etag');
  const response = await fetch(path, { credentials: 'include', headers: etag ? { 'If-None-Match': etag } : {}, signal });
  if (response.status === 304) return copy ?? null;
  if (response.status === 401) throw new SignedOut();
  return response.ok ? response : null;
}

async function fetchJson<T>(path: string, signal?: AbortSignal): Promise<T | null> {
  const response = await fetchCopy(path, signal);
  return response ? ((await response.json()) as T) : null;
}

/** Fetches the paths, `FILES_AT_ONCE` at a time, reading each body through so the worker stores it whole; resolves with those that failed. */
export async function fetchAll(paths: string[], signal?: AbortSignal): Promise<string[]> {
  const queue = [...new Set(paths)];
  const failed: string[] = [];
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const response = await fetchCopy(path, signal).catch((error: unknown) => {
        if (error instanceof SignedOut || signal?.aborted) throw error;
        return null;
      });
      if (!response) failed.push(path);
      // A new answer is read through (the worker stores it whole); a copy confirmed by a 304 is left unread.
      else if (!response.headers.has(FETCHED_AT_HEADER)) await response.blob();
    }
  };
  await Promise.all(Array.from({ length: FILES_AT_ONCE }, worker));
  return failed;
}

/** A page is controlled by the worker (else nothing fetched would be stored); waits a while for it after the first visit. */
async function controlled(): Promise<boolean> {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return false;
  if (container.controller) return true;
  await new Promise<void>((resolve) => {
    const done = () => {
      container.removeEventListener('controllerchange', done);
      resolve();
    };
    container.addEventListener('controllerchange', done);
    setTimeout(done, 30_000);
  });
  return container.controller !== null;
}

/** The SOPs of the user's reading list and those they keep: their copies' paths (refreshed kept SOPs too). */
async function planSops(sopIds: number[], kept: KeptSop[], signal: AbortSignal) {
  const paths: string[] = [];
  const refreshedKept: KeptSop[] = [];
  for (const id of new Set([...sopIds, ...kept.map((sop) => sop.sopId)])) {
    const sop = await fetchJson<SopDetail>(`/api/sops/${id}`, signal);
    const keptSop = kept.find((entry) => entry.sopId === id);
    if (keptSop) refreshedKept.push(sop ? { ...keptSop, title: sop.title, urls: sopCopyUrls(sop) } : keptSop);
    if (sop && sopIds.includes(id)) paths.push(...sopCopyUrls(sop));
  }
  return { paths, refreshedKept };
}

let running: Promise<void> | null = null;
let stopping: AbortController | null = null;

/** Sign-out: a fetch ahead under way stops at once, so nothing it fetches is stored after the copies are deleted. */
export function stopReadAhead() {
  stopping?.abort();
}

/** One fetch ahead for the user (a run under way is joined, not repeated). */
export function readAhead(userId: number): Promise<void> {
  running ??= (async () => {
    const controller = new AbortController();
    stopping = controller;
    const { signal } = controller;
    try {
      if (isOffline() || !(await controlled())) return;
      const before = await readStateOf(userId);
      // What every screen needs to open offline, in case this page read it before the worker controlled it.
      await fetchAll(APP_READS, signal);
      const reading = await fetchJson<MyReading>('/api/reading', signal);
      const required = [...(reading?.outstanding ?? []), ...(reading?.done ?? [])].map((item) => item.sopId);
      const { paths, refreshedKept } = await planSops(required, before.kept, signal);
      const cruises = (await fetchJson<DailyProgramCruise[]>('/api/daily-programs/hierarchy', signal)) ?? [];
      const ahead = [...new Set([...paths, ...programFileUrls(cruises, programDates())])];
      // Named before they are fetched, so the budget already treats them as fetched ahead.
      signal.throwIfAborted();
      await updateState(userId, (state) => ({ ...state, ahead: [...new Set([...state.ahead, ...ahead])], kept: mergeKept(state.kept, refreshedKept) }));
      const keptPaths = refreshedKept.flatMap((sop) => sop.urls);
      await fetchAll(
        [...ahead, ...keptPaths].filter((path) => !/^\/api\/sops\/\d+$/.test(path)),
        signal,
      );
      signal.throwIfAborted();
      await updateState(userId, (state) => ({ ...state, ahead, aheadAt: Date.now() }));
      await enforceBudget();
    } catch (error) {
      if (!(error instanceof SignedOut) && !signal.aborted) throw error;
    } finally {
      running = null;
      if (stopping === controller) stopping = null;
    }
  })();
  return running;
}

/** Fresh paths for the SOPs still kept (one stopped meanwhile stays stopped). */
function mergeKept(current: KeptSop[], refreshed: KeptSop[]): KeptSop[] {
  return current.map((sop) => refreshed.find((entry) => entry.sopId === sop.sopId) ?? sop);
}
