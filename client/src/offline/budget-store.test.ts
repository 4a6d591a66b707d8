import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enforceBudget, listCopies } from './budget';
import { ANSWER_CACHE, FETCHED_AT_HEADER, FILE_CACHE, SIZE_HEADER } from './caches';
import { budgetSetting, BUDGET_SETTING_KEY, DEFAULT_BUDGET_BYTES, readState, readStateOf, updateState } from './offline-state';
import { fakeCacheStorage } from '@/test/cache-storage';

const KB = 1024;
let fake: ReturnType<typeof fakeCacheStorage>;

async function store(cache: string, path: string, size: number, storedAt: number) {
  const headers = { [SIZE_HEADER]: String(size), [FETCHED_AT_HEADER]: String(storedAt) };
  await (await caches.open(cache)).put(path, new Response('x'.repeat(size), { headers }));
}
const paths = async (cache: string) => [...(fake.stores.get(cache)?.keys() ?? [])].map((url) => new URL(url).pathname).sort();

beforeEach(() => {
  fake = fakeCacheStorage();
  vi.stubGlobal('caches', fake.storage);
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the stored state', () => {
  it('is empty, with the 200 MB budget, until written; another user’s reads as empty', async () => {
    expect(await readState()).toMatchObject({ userId: null, budgetBytes: DEFAULT_BUDGET_BYTES, kept: [], ahead: [], aheadAt: null });
    // Reading does not create the cache: a signed-out browser holds none.
    expect(fake.stores.size).toBe(0);
    await updateState(7, (state) => ({ ...state, ahead: ['/api/daily-programs/1/download'] }));
    expect((await readStateOf(7)).ahead).toEqual(['/api/daily-programs/1/download']);
    expect((await readStateOf(8)).ahead).toEqual([]);
  });

  it("takes this device's budget when set, else 200 MB", async () => {
    expect(budgetSetting()).toBe(200 * 1024 * 1024);
    localStorage.setItem(BUDGET_SETTING_KEY, '5000');
    expect(budgetSetting()).toBe(5000);
    localStorage.setItem(BUDGET_SETTING_KEY, 'nonsense');
    expect(budgetSetting()).toBe(DEFAULT_BUDGET_BYTES);
  });
});

describe('enforcing the budget on the stored copies', () => {
  it('lists every copy with its size and time', async () => {
    await store(ANSWER_CACHE, '/api/sops/1', 2 * KB, 10);
    await store(FILE_CACHE, '/api/attachments/3/download', 40 * KB, 20);
    expect(await listCopies()).toEqual([
      { cache: ANSWER_CACHE, path: '/api/sops/1', size: 2 * KB, storedAt: 10 },
      { cache: FILE_CACHE, path: '/api/attachments/3/download', size: 40 * KB, storedAt: 20 },
    ]);
  });

  it('deletes opened copies oldest first, then those fetched ahead, and never a kept SOP or the app’s own reads', async () => {
    localStorage.setItem(BUDGET_SETTING_KEY, String(100 * KB));
    await updateState(1, (state) => ({
      ...state,
      kept: [{ sopId: 4, title: 'Mooring', keptAt: 1, urls: ['/api/sops/4', '/api/attachments/9/download'] }],
      ahead: ['/api/daily-programs/2/download'],
    }));
    await store(FILE_CACHE, '/api/attachments/9/download', 50 * KB, 1); // kept, the oldest
    await store(ANSWER_CACHE, '/api/user', 1 * KB, 2); // essential
    await store(FILE_CACHE, '/api/daily-programs/2/download', 30 * KB, 3); // ahead
    await store(FILE_CACHE, '/api/attachments/5/download', 20 * KB, 4); // opened, older
    await store(FILE_CACHE, '/api/attachments/6/download', 20 * KB, 5); // opened, newer
    // 121 KB stored, 100 allowed: the older opened file is not enough (101 KB left), so both opened go (81 KB); the one fetched ahead stays.
    expect(await enforceBudget()).toBe(2);
    expect(await paths(FILE_CACHE)).toEqual(['/api/attachments/9/download', '/api/daily-programs/2/download']);
    expect(await paths(ANSWER_CACHE)).toEqual(['/api/user']);
    // Smaller still: the one fetched ahead goes, the kept SOP and the user stay even over the budget.
    localStorage.setItem(BUDGET_SETTING_KEY, String(10 * KB));
    await updateState(1, (state) => state);
    expect(await enforceBudget()).toBe(1);
    expect(await paths(FILE_CACHE)).toEqual(['/api/attachments/9/download']);
    expect(await paths(ANSWER_CACHE)).toEqual(['/api/user']);
  });
});
