/**
 * How many SOPs the person's whole list held when last read with the link (the server's total
 * of the unfiltered Procedures list), so the list offline can say how many of them this device
 * holds (decision 077). Kept per user in localStorage; a refused storage just forgets it.
 */
const keyOf = (userId: number) => `sop-harbor:library-total:${userId}`;

export function rememberLibraryTotal(userId: number, total: number): void {
  try {
    localStorage.setItem(keyOf(userId), String(total));
  } catch {
    // Storage refused (private mode, quota): the offline list then says only what it holds.
  }
}

export function libraryTotal(userId: number | undefined): number | null {
  if (userId === undefined) return null;
  try {
    const n = Number(localStorage.getItem(keyOf(userId)));
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

/** Signing out forgets every person's count with their copies: it says how big their library is. */
export function forgetLibraryTotals(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter((key) => key?.startsWith('sop-harbor:library-total:'));
    for (const key of keys) if (key) localStorage.removeItem(key);
  } catch {
    // Storage refused: nothing was kept.
  }
}
