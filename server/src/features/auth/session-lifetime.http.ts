import type { FastifyRequest } from 'fastify';

/** A session idles out after 12 hours without a request... */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** ...and ends 7 days after sign-in however active, so a stolen cookie does not live for ever. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** A busy user's session is extended at most this often: reads never write on every request. */
const SESSION_TOUCH_MS = 15 * 60 * 1000;

/** A new session id at sign-in: a session fixed before login is never promoted. */
export async function startSession(request: FastifyRequest, userId: number) {
  await request.session.regenerate();
  request.session.userId = userId;
  request.session.signedInAt = Date.now();
  request.session.touchedAt = Date.now();
}

/**
 * False when the session is past its 7 days. A session from before the cap existed has no
 * sign-in time: it is counted from now.
 */
export function withinAbsoluteLifetime(session: FastifyRequest['session']): boolean {
  if (!session.signedInAt) {
    session.signedInAt = Date.now();
    return true;
  }
  return withinLifetime(session);
}

/** Whether a session with a sign-in time is within its 7 days (changes nothing). */
export const withinLifetime = (session: { signedInAt?: number }) => !!session.signedInAt && Date.now() - session.signedInAt < SESSION_ABSOLUTE_MS;

/** Whether this request would write the session back (its sign-in time missing, or a touch due). */
export function sessionWouldChange(session: { signedInAt?: number; touchedAt?: number }): boolean {
  return !session.signedInAt || Date.now() - (session.touchedAt ?? 0) >= SESSION_TOUCH_MS;
}

/**
 * Sliding expiry without a write per request: the session is re-saved (and its cookie
 * re-sent) only when it was last extended more than SESSION_TOUCH_MS ago.
 */
export function keepSessionAlive(session: FastifyRequest['session']) {
  if (!sessionWouldChange(session)) return;
  session.touch();
  session.touchedAt = Date.now();
}
