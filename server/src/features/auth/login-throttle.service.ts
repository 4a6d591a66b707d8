import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authThrottle } from '../../db/schema';
import { tooManyRequests } from '../../http/errors';

/**
 * One counter of the throttle: `free` attempts are allowed, then each further one waits a
 * delay that starts at a minute and doubles with every failure (capped at an hour). A
 * counter is forgotten after `forgetAfterS` seconds without a failure.
 */
export interface ThrottleRule {
  key: string;
  free: number;
  forgetAfterS: number;
}

const HOUR_S = 60 * 60;
const DAY_S = 24 * HOUR_S;
const MAX_DELAY_MINUTES = 60;

/**
 * Sign-in counters. From a browser that signed in to this account before (a device cookie,
 * see device-cookie.ts) only that browser's own failures count: 10 free, so the owner is
 * never locked out by guesses made elsewhere, and a guesser at the owner's own browser is
 * still slowed. From any other browser: account + address (the owner's typing, 10 free)
 * and the account across addresses (a guesser rotating addresses, 30). There is no counter
 * of an address across accounts: a whole ship's crew reaches us through one satellite
 * address, and one sprayer there must not lock them all out; a sprayer is slowed per
 * account instead.
 */
export function signInRules(username: string, ip: string, device: string | null = null): ThrottleRule[] {
  const account = username.trim().toLowerCase();
  if (device) return [{ key: `login:device:${device}`, free: 10, forgetAfterS: DAY_S }];
  return [
    { key: `login:account+ip:${account}|${ip}`, free: 10, forgetAfterS: DAY_S },
    { key: `login:account:${account}`, free: 30, forgetAfterS: DAY_S },
  ];
}

/** Registrations from one address: 10, then growing delays; forgotten after an hour. */
export const registrationRule = (ip: string): ThrottleRule => ({ key: `register:ip:${ip}`, free: 10, forgetAfterS: HOUR_S });

/**
 * Counts an attempt on every rule before the password is even checked, in one transaction:
 * concurrent requests (on any instance) queue on the counter rows, so a burst cannot slip
 * past the limit. When any rule is waiting nothing is counted and the answer is 429.
 */
export async function chargeAttempt(db: Db, rules: ThrottleRule[], message: (minutes: number) => string): Promise<void> {
  await sweepForgotten(db);
  await db.transaction(async (tx) => {
    for (const rule of rules) {
      const counted = await tx.execute(sql`
        insert into auth_throttle (key, failures, last_failure_at) values (${rule.key}, 1, now())
        on conflict (key) do update set
          failures = case when ${forgotten(rule)} then 1 else auth_throttle.failures + 1 end,
          last_failure_at = now()
        where ${forgotten(rule)} or auth_throttle.failures < ${rule.free}::int or now() >= ${waitEnds(rule)}
        returning failures`);
      if (rowsOf(counted).length > 0) continue;
      const waited = await tx.execute(sql`
        select ceil(extract(epoch from (${waitEnds(rule)} - now())) / 60)::int as minutes
        from auth_throttle where key = ${rule.key}`);
      const minutes = Math.max(1, Number((rowsOf(waited)[0] as { minutes?: number } | undefined)?.minutes ?? 1));
      throw tooManyRequests(message(minutes));
    }
  });
}

/** A right password: the owner's own counter starts again; the wider ones give back this attempt. */
export async function refundAttempt(db: Db, rules: ThrottleRule[]): Promise<void> {
  const [own, ...wider] = rules;
  await db.delete(authThrottle).where(sql`${authThrottle.key} = ${own.key}`);
  for (const rule of wider) {
    await db.execute(sql`update auth_throttle set failures = greatest(failures - 1, 0) where key = ${rule.key}`);
  }
}

export const minutesText = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;

const forgotten = (rule: ThrottleRule) => sql`auth_throttle.last_failure_at < now() - ${rule.forgetAfterS}::int * interval '1 second'`;

/** When the current delay ends: a minute after the `free`-th failure, doubling with each one after it. */
const waitEnds = (rule: ThrottleRule) =>
  sql`auth_throttle.last_failure_at + least(${MAX_DELAY_MINUTES}::int, power(2, greatest(auth_throttle.failures - ${rule.free}::int, 0))) * interval '1 minute'`;

const rowsOf = (result: unknown): unknown[] => (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []));

let lastSweep = 0;
/** Counters nobody has touched for a day are gone; throwaway names never push out a live one. */
async function sweepForgotten(db: Db) {
  if (Date.now() - lastSweep < 15 * 60 * 1000) return;
  lastSweep = Date.now();
  await db.delete(authThrottle).where(lt(authThrottle.lastFailureAt, new Date(Date.now() - DAY_S * 1000)));
}
