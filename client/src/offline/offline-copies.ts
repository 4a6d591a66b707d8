import { useEffect, useRef } from 'react';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SopDetail } from '@common/contracts/sops';
import { toast } from '@/hooks/use-toast';
import { queryKeys } from '@/lib/query-keys';
import { type CopyKind, enforceBudget, kindOf, listCopies } from './budget';
import { ANSWER_CACHE, FETCHED_AT_HEADER } from './caches';
import { budgetSetting, type KeptSop, readStateOf, updateState } from './offline-state';
import { isOffline, useOnline } from './offline-status';
import { fetchAll, readAhead, sopCopyUrls } from './read-ahead';
import { t } from '@lingui/core/macro';

/** What the 'Offline copies' panel shows: what is stored for the user, its size against the budget, and from when. */
export interface OfflineCopiesSummary {
  count: number;
  bytes: number;
  budgetBytes: number;
  /** The oldest and newest copy's time (fetched, or confirmed unchanged). */
  oldest: number | null;
  newest: number | null;
  /** When the last fetch ahead finished. */
  aheadAt: number | null;
  kinds: Record<CopyKind, { count: number; bytes: number }>;
  kept: (KeptSop & { bytes: number })[];
}

export async function summarizeCopies(userId: number): Promise<OfflineCopiesSummary> {
  const [state, copies] = await Promise.all([readStateOf(userId), listCopies()]);
  const kinds: OfflineCopiesSummary['kinds'] = {
    kept: { count: 0, bytes: 0 },
    essential: { count: 0, bytes: 0 },
    ahead: { count: 0, bytes: 0 },
    opened: { count: 0, bytes: 0 },
  };
  let oldest: number | null = null;
  let newest: number | null = null;
  for (const copy of copies) {
    const kind = kinds[kindOf(copy.path, state)];
    kind.count += 1;
    kind.bytes += copy.size;
    if (copy.storedAt > 0) {
      oldest = oldest === null ? copy.storedAt : Math.min(oldest, copy.storedAt);
      newest = newest === null ? copy.storedAt : Math.max(newest, copy.storedAt);
    }
  }
  const sizeOf = (path: string) => copies.filter((copy) => copy.path === path).reduce((sum, copy) => sum + copy.size, 0);
  return {
    count: copies.length,
    bytes: copies.reduce((sum, copy) => sum + copy.size, 0),
    budgetBytes: budgetSetting(),
    oldest,
    newest,
    aheadAt: state.aheadAt,
    kinds,
    kept: state.kept.map((sop) => ({ ...sop, bytes: sop.urls.reduce((sum, path) => sum + sizeOf(path), 0) })),
  };
}

/** An SOP whose page opens with no link: its answer is stored on this device. */
export interface SopOnDevice {
  sopId: number;
  title: string;
  /** The version its page shows (for a reader, the one in force); null for an SOP with none. */
  versionNumber: string | null;
  department: string | null;
  /** When its copy arrived, or was last confirmed unchanged. */
  storedAt: number;
  /** The user chose to keep it offline: it is never evicted. */
  kept: boolean;
}

const SOP_ANSWER = /^\/api\/sops\/(\d+)$/;

/**
 * Every SOP the worker holds the answer of (kept, fetched ahead or opened), by title: what the
 * Procedures list shows with no link, and what the 'Offline copies' screen names. Read from the
 * stored answers themselves, so nothing listed fails to open.
 */
export async function sopsOnDevice(userId: number): Promise<SopOnDevice[]> {
  if (typeof caches === 'undefined' || !(await caches.has(ANSWER_CACHE))) return [];
  const [state, cache] = await Promise.all([readStateOf(userId), caches.open(ANSWER_CACHE)]);
  const sops: SopOnDevice[] = [];
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    if (!SOP_ANSWER.test(url.pathname + url.search)) continue;
    const response = await cache.match(request);
    const sop = (await response?.json().catch(() => null)) as SopDetail | null;
    if (!response || !sop || typeof sop.title !== 'string') continue;
    sops.push({
      sopId: sop.id,
      title: sop.title,
      versionNumber: sop.latestVersion?.versionNumber ?? null,
      department: sop.department?.name ?? null,
      storedAt: Number(response.headers.get(FETCHED_AT_HEADER)) || 0,
      kept: state.kept.some((entry) => entry.sopId === sop.id),
    });
  }
  return sops.sort((a, b) => a.title.localeCompare(b.title) || a.sopId - b.sopId);
}

export const sopsOnDeviceQuery = (userId: number) =>
  queryOptions({ queryKey: [...queryKeys.offlineCopies(), userId, 'sops'], queryFn: () => sopsOnDevice(userId), networkMode: 'always' });

export const offlineCopiesQuery = (userId: number) =>
  queryOptions({ queryKey: [...queryKeys.offlineCopies(), userId], queryFn: () => summarizeCopies(userId), networkMode: 'always' });

/** Only the SOPs the user keeps (the SOP page's button): the state entry, without reading every copy. */
const keptSopsQuery = (userId: number) =>
  queryOptions({ queryKey: [...queryKeys.offlineCopies(), userId, 'kept'], queryFn: async () => (await readStateOf(userId)).kept, networkMode: 'always' });

const refreshSummary = (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.offlineCopies() });

/** Pins the SOP first (so the budget never evicts what arrives), then fetches its copies. */
export async function keepSop(userId: number, sop: SopDetail): Promise<void> {
  const urls = sopCopyUrls(sop);
  await updateState(userId, (state) => ({
    ...state,
    kept: [...state.kept.filter((entry) => entry.sopId !== sop.id), { sopId: sop.id, title: sop.title, keptAt: Date.now(), urls }],
  }));
  const failed = await fetchAll(urls);
  await enforceBudget();
  if (failed.length > 0) throw new Error(t`Some of its files could not be stored: they will be fetched when the link allows.`);
}

/** Unpins the SOP: its copies stay, as copies of something opened (the first to go when space runs out). */
export async function stopKeeping(userId: number, sopId: number): Promise<void> {
  await updateState(userId, (state) => ({ ...state, kept: state.kept.filter((entry) => entry.sopId !== sopId) }));
}

/** Whether the user keeps the SOP offline, and the two actions. */
export function useKeepOffline(userId: number | undefined, sop: SopDetail) {
  const client = useQueryClient();
  const keptSops = useQuery({ ...keptSopsQuery(userId ?? 0), enabled: userId !== undefined });
  const kept = keptSops.data?.some((entry) => entry.sopId === sop.id) ?? false;
  const { title } = sop;
  const keep = useMutation({
    mutationFn: () => keepSop(userId!, sop),
    onSettled: () => refreshSummary(client),
    onSuccess: () => toast({ title: t`Kept offline`, description: t`"${title}" and its files stay readable on this device with no link.` }),
    onError: (error) => toast({ title: t`Kept offline, not complete`, description: error.message, variant: 'destructive' }),
  });
  const stop = useMutation({
    mutationFn: () => stopKeeping(userId!, sop.id),
    onSettled: () => refreshSummary(client),
    onSuccess: () => toast({ title: t`No longer kept offline`, description: t`"${title}" may be removed from this device when space runs out.` }),
  });
  return { kept, known: keptSops.isSuccess, keep, stop };
}

/** Fetch ahead again at most this often on app start; always when the link returns. */
const AHEAD_EVERY_MS = 10 * 60_000;

/** Mounted once for the signed-in user: fetches ahead at start, and whenever the link returns. */
export function useReadAhead(userId: number | undefined, client: QueryClient) {
  const online = useOnline();
  const wasOffline = useRef(false);
  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      return;
    }
    if (userId === undefined) return;
    const linkReturned = wasOffline.current;
    wasOffline.current = false;
    void (async () => {
      const { aheadAt } = await readStateOf(userId);
      if (!linkReturned && aheadAt !== null && Date.now() - aheadAt < AHEAD_EVERY_MS) return;
      await readAhead(userId);
      await refreshSummary(client);
    })().catch(() => undefined);
  }, [online, userId, client]);
}

/** The panel's 'Update copies now'. */
export async function updateCopiesNow(userId: number, client: QueryClient) {
  if (isOffline()) return;
  await readAhead(userId);
  await refreshSummary(client);
}
