import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A browser where someone signed in before carries a device cookie (OWASP's "device
 * cookies" against lockout): signed with the server's secret and naming that account. A
 * sign-in from it is counted on its own, so strangers guessing the password elsewhere can
 * lock out untrusted browsers but not the owner's. It signs nobody in by itself, survives
 * sign-out (Clear-Site-Data "cookies" is never sent) and dies with the secret (a restore).
 */
export const DEVICE_COOKIE = 'sop.device';
const DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;

const accountOf = (username: string) => username.trim().toLowerCase();

/** This browser's device id when its cookie is genuine and names `username`'s account; else null. */
export function trustedDevice(request: FastifyRequest, username: string): string | null {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return null;
  const { valid, value } = request.unsignCookie(raw);
  if (!valid || !value) return null;
  const separator = value.lastIndexOf(':');
  if (separator < 0 || value.slice(0, separator) !== accountOf(username)) return null;
  return value;
}

/** After a right password: this browser is now known for that account (a new id unless it already was). */
export function rememberDevice(request: FastifyRequest, reply: FastifyReply, username: string) {
  const value = trustedDevice(request, username) ?? `${accountOf(username)}:${randomBytes(12).toString('base64url')}`;
  reply.setCookie(DEVICE_COOKIE, value, { signed: true, httpOnly: true, sameSite: 'strict', secure: 'auto', path: '/api/login', maxAge: DEVICE_MAX_AGE_S });
}
