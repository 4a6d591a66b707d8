import { STATE_CACHE } from './caches';

/**
 * What the signed-in user asked to keep offline, and what was fetched ahead for them, in one
 * small entry of the state cache. The page writes it; the worker reads it when it enforces
 * the storage budget (budget.ts). It is deleted with every copy on sign-out or a 401.
 */

/** The storage budget of a user's copies, unless this device sets another. */
export const DEFAULT_BUDGET_BYTES = 200 * 1024 * 1024;
/**
 * A device's own budget in bytes (localStorage; not a user's data, so sign-out leaves it): a
 * browser with little disk can ask for less, and the browser tests set a small one.
 */
export const BUDGET_SETTING_KEY = 'sop-harbor:offline-budget-bytes';

/** The budget this device uses (the page only: the worker reads it from the stored state). */
export function budgetSetting(): number {
  const set = typeof localStorage === 'undefined' ? null : Number(localStorage.getItem(BUDGET_SETTING_KEY));
  return set && Number.isFinite(set) && set > 0 ? set : DEFAULT_BUDGET_BYTES;
}

/** An SOP the user keeps offline: its reads and the files of its version in force (paths with query). */
export interface KeptSop {
  sopId: number;
  title: string;
  keptAt: number;
  urls: string[];
}

export interface OfflineState {
  /** Whose state this is: another user's is never used (it should not exist: sign-in clears it). */
  userId: number | null;
  budgetBytes: number;
  kept: KeptSop[];
  /** Fetched ahead: the user's required reading and the daily programs of today and the next two days. */
  ahead: string[];
  /** When the last fetch ahead finished; null before the first. */
  aheadAt: number | null;
}

const STATE_URL = '/__sop-harbor/offline-state';

export const emptyState = (userId: number | null = null): OfflineState => ({ userId, budgetBytes: DEFAULT_BUDGET_BYTES, kept: [], ahead: [], aheadAt: null });

function parseState(value: unknown): OfflineState {
  const state = { ...emptyState(), ...(value && typeof value === 'object' ? value : {}) } as OfflineState;
  const budget = Number(state.budgetBytes);
  return {
    userId: typeof state.userId === 'number' ? state.userId : null,
    budgetBytes: Number.isFinite(budget) && budget > 0 ? budget : DEFAULT_BUDGET_BYTES,
    kept: Array.isArray(state.kept) ? state.kept : [],
    ahead: Array.isArray(state.ahead) ? state.ahead : [],
    aheadAt: typeof state.aheadAt === 'number' ? state.aheadAt : null,
  };
}

/** The stored state, or an empty one. */
export async function readState(): Promise<OfflineState> {
  if (typeof caches === 'undefined') return emptyState();
  try {
    // Reading never creates the cache: after sign-out nothing of the user is left, not even an empty one.
    if (!(await caches.has(STATE_CACHE))) return emptyState();
    const stored = await (await caches.open(STATE_CACHE)).match(STATE_URL);
    return parseState(stored ? await stored.json() : null);
  } catch {
    return emptyState();
  }
}

/** The state of this user: another user's (or none) reads as empty. */
export async function readStateOf(userId: number): Promise<OfflineState> {
  const state = await readState();
  return state.userId === userId ? state : emptyState(userId);
}

let writing: Promise<unknown> = Promise.resolve();

/** Changes this user's state; changes from this page are applied one after another. */
export function updateState(userId: number, change: (state: OfflineState) => OfflineState): Promise<OfflineState> {
  const next = writing.then(async () => {
    const state = { ...change(await readStateOf(userId)), userId, budgetBytes: budgetSetting() };
    if (typeof caches === 'undefined') return state;
    const body = JSON.stringify(state);
    await (await caches.open(STATE_CACHE)).put(STATE_URL, new Response(body, { headers: { 'content-type': 'application/json' } }));
    return state;
  });
  writing = next.catch(() => undefined);
  return next;
}
