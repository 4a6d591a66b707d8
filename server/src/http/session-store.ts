import type { SessionStore } from '@fastify/session';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { sessionWouldChange } from '../features/auth/session-lifetime.http';
import type { SessionUser } from '../../../common/contracts/auth';
import { readSessionWithUser } from '../features/users/users.service';
import type { DataClock } from './data-clock';
import { keepNewest } from '../lib/bounded-map';

type Callback = (err?: unknown) => void;
type SessionData = Parameters<SessionStore['set']>[1];

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sessions held in memory at most; the least recently read goes first. */
const MAX_HELD = 10_000;
/** A held session is read again at least this often, whatever the data version. */
const HELD_FOR_MS = 60_000;

/** A session as last read, with its user (undefined when that user may no longer act) and the data version of that read. */
export interface HeldSession {
  sess: SessionData;
  expire: number;
  userId: number | null;
  user: SessionUser | undefined;
  dataVersion: number;
  readAt: number;
}

export type AppSessionStore = SessionStore & {
  /** The session `sid` as last read with its user, if held. */
  held(sid: string): HeldSession | undefined;
  /** The copy of `sid` held, if it may still be used without reading (same data version, read recently, no change due). */
  current(sid: string): HeldSession | undefined;
  /** Reads `sid` from the database at its next use (a write never acts on a held copy). */
  forget(sid: string): void;
};

/**
 * Sessions live as rows of the `session` table (sid, sess, expire), on PGlite or PostgreSQL.
 * Reading a session reads its user and the data version in the same query, and the copy is held
 * in memory while the data version stays the same: every change to a user and every ended
 * session moves that version, so a held copy never outlives a deactivation, a role change or a
 * sign-out. A copy whose sign-in time or touch is due is read again (it would be written back).
 */
export function createSessionStore(db: Db, clock: DataClock): AppSessionStore {
  const sessionsHeld = new Map<string, HeldSession>();
  let lastSweep = 0;
  const sweepExpired = async () => {
    if (Date.now() - lastSweep < 15 * 60 * 1000) return;
    lastSweep = Date.now();
    await db.delete(sessions).where(lt(sessions.expire, new Date()));
  };
  const usable = (found: HeldSession | undefined): found is HeldSession =>
    !!found &&
    found.dataVersion === clock.known() &&
    Date.now() - found.readAt < HELD_FOR_MS &&
    found.expire > Date.now() &&
    !sessionWouldChange(found.sess as { signedInAt?: number; touchedAt?: number });
  return {
    set(sid: string, session: SessionData, callback: Callback) {
      const expires = session.cookie?.expires ? new Date(session.cookie.expires) : new Date(Date.now() + DAY_MS);
      const sess = JSON.parse(JSON.stringify(session));
      sessionsHeld.delete(sid);
      db.insert(sessions)
        .values({ sid, sess, expire: expires })
        .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire: expires } })
        .then(() => {
          // Again once written: a read that raced the write may have held the row as it was.
          sessionsHeld.delete(sid);
          return sweepExpired();
        })
        .then(() => callback(), callback);
    },
    get(sid: string, callback: (err: unknown, result?: SessionData | null) => void) {
      const kept = sessionsHeld.get(sid);
      if (usable(kept)) return callback(null, { ...kept.sess });
      readSessionWithUser(db, sid).then(
        (found) => {
          if (!found) {
            sessionsHeld.delete(sid);
            return callback(null, null);
          }
          clock.saw(found.dataVersion, found.startedAt);
          if (found.expire.getTime() <= Date.now()) {
            sessionsHeld.delete(sid);
            return callback(null, null);
          }
          const { sess, userId, user, dataVersion } = found;
          const held = { sess: sess as SessionData, expire: found.expire.getTime(), userId, user, dataVersion, readAt: Date.now() };
          keepNewest(sessionsHeld, sid, held, MAX_HELD);
          callback(null, { ...(sess as SessionData) });
        },
        (err) => callback(err),
      );
    },
    held: (sid: string) => sessionsHeld.get(sid),
    current(sid: string) {
      const kept = sessionsHeld.get(sid);
      return usable(kept) ? kept : undefined;
    },
    forget(sid: string) {
      sessionsHeld.delete(sid);
    },
    destroy(sid: string, callback: Callback) {
      sessionsHeld.delete(sid);
      db.delete(sessions)
        .where(eq(sessions.sid, sid))
        .then(() => callback(), callback);
    },
  };
}
