import type { SessionStore } from '@fastify/session';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { readSessionWithUser, type UserReading } from '../features/users/users.service';

type Callback = (err?: unknown) => void;
type SessionData = Parameters<SessionStore['set']>[1];

const DAY_MS = 24 * 60 * 60 * 1000;
/** Readings not taken (a request that ended before its access check) are dropped past this many. */
const MAX_READINGS = 1000;

export type AppSessionStore = SessionStore & {
  /** The user read with session `sid` by a read begun at or after `since`, once; else undefined. */
  takeReading(sid: string, since: number): UserReading | undefined;
};

/**
 * Sessions live as rows of the `session` table (sid, sess, expire), on PGlite or PostgreSQL.
 * Reading a session reads its user and the data version in the same query; the access check of
 * the same request takes that reading instead of asking again (one query per request, not two).
 */
export function createSessionStore(db: Db): AppSessionStore {
  // Per session, the readings not yet taken: a page's several calls at once share one cookie.
  const readings = new Map<string, UserReading[]>();
  let held = 0;
  let lastSweep = 0;
  const sweepExpired = async () => {
    if (Date.now() - lastSweep < 15 * 60 * 1000) return;
    lastSweep = Date.now();
    await db.delete(sessions).where(lt(sessions.expire, new Date()));
  };
  return {
    set(sid: string, session: SessionData, callback: Callback) {
      const expires = session.cookie?.expires ? new Date(session.cookie.expires) : new Date(Date.now() + DAY_MS);
      const sess = JSON.parse(JSON.stringify(session));
      db.insert(sessions)
        .values({ sid, sess, expire: expires })
        .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire: expires } })
        .then(() => sweepExpired())
        .then(() => callback(), callback);
    },
    get(sid: string, callback: (err: unknown, result?: SessionData | null) => void) {
      readSessionWithUser(db, sid).then(
        (found) => {
          if (!found || found.expire.getTime() <= Date.now()) return callback(null, null);
          const { sess, reading } = found;
          if (held >= MAX_READINGS) {
            readings.clear();
            held = 0;
          }
          // Kept in the order the reads began (two reads at once may finish in either order).
          const list = readings.get(sid);
          if (!list) readings.set(sid, [reading]);
          else {
            const after = list.findIndex((kept) => kept.startedAt > reading.startedAt);
            list.splice(after < 0 ? list.length : after, 0, reading);
          }
          held += 1;
          callback(null, sess as SessionData);
        },
        (err) => callback(err),
      );
    },
    takeReading(sid: string, since: number) {
      const list = readings.get(sid);
      // The oldest reading begun since this request arrived (its own, or a later request's, which
      // then takes a newer one): another request with the same cookie may have left older ones.
      const index = list?.findIndex((reading) => reading.startedAt >= since) ?? -1;
      if (!list || index < 0) return undefined;
      const [reading] = list.splice(index, 1);
      held -= 1;
      if (list.length === 0) readings.delete(sid);
      return reading;
    },
    destroy(sid: string, callback: Callback) {
      db.delete(sessions)
        .where(eq(sessions.sid, sid))
        .then(() => callback(), callback);
    },
  };
}
