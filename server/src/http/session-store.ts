import type { SessionStore } from '@fastify/session';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';

type Callback = (err?: unknown) => void;
type SessionData = Parameters<SessionStore['set']>[1];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sessions live as rows of the `session` table (sid, sess, expire), on PGlite or PostgreSQL. */
export function createSessionStore(db: Db): SessionStore {
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
      db.select()
        .from(sessions)
        .where(eq(sessions.sid, sid))
        .then(
          ([row]) => {
            if (!row || row.expire.getTime() <= Date.now()) return callback(null, null);
            callback(null, row.sess as SessionData);
          },
          (err) => callback(err),
        );
    },
    destroy(sid: string, callback: Callback) {
      db.delete(sessions)
        .where(eq(sessions.sid, sid))
        .then(() => callback(), callback);
    },
  };
}
