import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PendingSignIn } from './oidc-client.service';

/**
 * Between the button and the provider's return, the state, nonce and PKCE verifier wait in
 * this browser's own cookie, signed with the server's secret: no row is written for someone
 * who never comes back, and a return arriving in another browser finds nothing to match.
 * SameSite=Lax, because the return is a top-level navigation from the provider's site.
 */
const COOKIE = 'sop.sso';
const PATH = '/api/auth/sso';
const LIFETIME_S = 10 * 60;

const Kept = z.object({ state: z.string(), nonce: z.string(), codeVerifier: z.string(), redirectUri: z.url(), startedAt: z.number() });

export function keepPendingSignIn(reply: FastifyReply, pending: PendingSignIn) {
  const value = Buffer.from(JSON.stringify({ ...pending, startedAt: Date.now() })).toString('base64url');
  reply.setCookie(COOKIE, value, { signed: true, httpOnly: true, sameSite: 'lax', secure: 'auto', path: PATH, maxAge: LIFETIME_S });
}

/** The pending sign-in this browser started (at most 10 minutes ago), or null; used once, so it is cleared. */
export function takePendingSignIn(request: FastifyRequest, reply: FastifyReply): PendingSignIn | null {
  const raw = request.cookies[COOKIE];
  if (!raw) return null;
  reply.clearCookie(COOKIE, { path: PATH });
  const { valid, value } = request.unsignCookie(raw);
  if (!valid || !value) return null;
  try {
    const kept = Kept.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    if (Date.now() - kept.startedAt > LIFETIME_S * 1000) return null;
    const { startedAt: _startedAt, ...pending } = kept;
    return pending;
  } catch {
    return null;
  }
}
