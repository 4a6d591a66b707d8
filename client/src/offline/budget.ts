import { COPY_CACHES, FETCHED_AT_HEADER, SIZE_HEADER } from './caches';
import { type OfflineState, readState } from './offline-state';

/**
 * The storage budget of the offline copies (shared by the worker and the page). When the
 * copies outgrow it, the least recently stored go first (a copy is stored again, or its time
 * renewed by a 304, each time it is read online), in this order:
 * 1. copies of what the user merely opened;
 * 2. copies fetched ahead (required reading, the next days' daily programs);
 * never the SOPs the user keeps offline, nor the few small reads the app needs to open at all.
 * Kept SOPs count against the budget but are not evicted: if they alone fill it, everything
 * else goes and the panel shows the budget exceeded.
 */

export type CopyKind = 'kept' | 'essential' | 'ahead' | 'opened';

/** One stored answer or file. */
export interface StoredCopy {
  cache: string;
  /** Path and query string, as the state lists them. */
  path: string;
  size: number;
  storedAt: number;
}

/**
 * Tiny, and without them no screen opens (or opens whole) offline: who is signed in, settings,
 * departments, the bell's notifications, the reading list, the programs' index.
 */
const ESSENTIAL = [
  /^\/api\/user$/,
  /^\/api\/settings$/,
  /^\/api\/departments$/,
  /^\/api\/notifications$/,
  /^\/api\/reading$/,
  /^\/api\/daily-programs\/hierarchy$/,
];

export function kindOf(path: string, state: Pick<OfflineState, 'kept' | 'ahead'>): CopyKind {
  if (state.kept.some((sop) => sop.urls.includes(path))) return 'kept';
  if (ESSENTIAL.some((pattern) => pattern.test(path))) return 'essential';
  if (state.ahead.includes(path)) return 'ahead';
  return 'opened';
}

const EVICTED_FIRST: CopyKind[] = ['opened', 'ahead'];

/** The copies to delete to come back within the budget: opened ones oldest first, then those fetched ahead, oldest first. */
export function copiesToEvict(copies: StoredCopy[], state: Pick<OfflineState, 'kept' | 'ahead' | 'budgetBytes'>): StoredCopy[] {
  let total = copies.reduce((sum, copy) => sum + copy.size, 0);
  const evicted: StoredCopy[] = [];
  for (const kind of EVICTED_FIRST) {
    const candidates = copies.filter((copy) => kindOf(copy.path, state) === kind).sort((a, b) => a.storedAt - b.storedAt);
    for (const copy of candidates) {
      if (total <= state.budgetBytes) return evicted;
      evicted.push(copy);
      total -= copy.size;
    }
  }
  return evicted;
}

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

/** Every stored copy with its size and time (from the headers the worker stamps; the body is read only for a copy without them). */
export async function listCopies(): Promise<StoredCopy[]> {
  if (typeof caches === 'undefined') return [];
  const copies: StoredCopy[] = [];
  for (const name of COPY_CACHES) {
    if (!(await caches.has(name))) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      if (!response) continue;
      const stamped = Number(response.headers.get(SIZE_HEADER));
      const size = Number.isFinite(stamped) && response.headers.has(SIZE_HEADER) ? stamped : (await response.blob()).size;
      copies.push({ cache: name, path: pathOf(request.url), size, storedAt: Number(response.headers.get(FETCHED_AT_HEADER)) || 0 });
    }
  }
  return copies;
}

let enforcing: Promise<number> | null = null;

/** Deletes copies until the rest fit the budget; resolves with how many went. One run at a time per context. */
export function enforceBudget(): Promise<number> {
  enforcing ??= (async () => {
    try {
      const state = await readState();
      const evicted = copiesToEvict(await listCopies(), state);
      for (const copy of evicted) await (await caches.open(copy.cache)).delete(copy.path, { ignoreVary: true });
      return evicted.length;
    } finally {
      enforcing = null;
    }
  })();
  return enforcing;
}
