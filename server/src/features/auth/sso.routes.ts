import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SsoStatus } from '../../../../common/contracts/sso';
import { SSO_CALLBACK_PATH, SSO_NOT_CONFIGURED, SSO_START_PATH } from '../../../../common/sso';
import { notFound } from '../../http/errors';
import { answers, NO_CONTENT } from '../../http/responses';
import { SsoRefusal } from './oidc-client.service';
import { keepPendingSignIn, takePendingSignIn } from './sso-cookie.http';
import { accountForIdentity } from './sso.service';
import { startSession } from './session-lifetime.http';
import { settleLanguage } from '../languages/languages.service';

/**
 * Sign-in through the company's identity provider (OpenID Connect, authorization code with
 * PKCE). Both legs are top-level GET navigations: the button's, and the provider's return,
 * which comes from the provider's site, so it is checked by the state in this browser's
 * signed cookie rather than by its Origin. The session made is the password sign-in's own.
 */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  // A ship's copy offers no single sign-on: its accounts are the office's, and its link to the
  // provider ashore is the satellite's. Its people sign in with their passwords.
  const sso = app.instance.kind === 'ship' ? null : app.sso;
  const configured = () => {
    if (!sso) throw notFound(SSO_NOT_CONFIGURED);
    return sso;
  };
  const redirects = { schema: { response: answers({ 302: NO_CONTENT }) }, config: { public: true } } as const;

  app.get('/api/auth/sso', { schema: { response: answers({ 200: SsoStatus }) }, config: { public: true } }, async () => ({
    configured: sso !== null,
    name: sso?.config.name ?? null,
    issuer: sso?.config.issuer ?? null,
  }));

  // The return address as the browser reached this server (URL drops a default port, as browsers do).
  app.get(SSO_START_PATH, redirects, async (request, reply) => {
    const client = configured();
    try {
      const { url, pending } = await client.begin(new URL(SSO_CALLBACK_PATH, `${request.protocol}://${request.host}`).href);
      keepPendingSignIn(reply, pending);
      return reply.redirect(url.href, 302);
    } catch (err) {
      return reply.redirect(refusedAt(err, request.log), 302);
    }
  });

  app.get(SSO_CALLBACK_PATH, redirects, async (request, reply) => {
    const client = configured();
    const pending = takePendingSignIn(request, reply);
    try {
      if (!pending) throw new SsoRefusal('sso_state', 'no pending sign-in in this browser');
      const callbackUrl = new URL(pending.redirectUri);
      callbackUrl.search = new URL(request.url, 'http://callback').search;
      const identity = await client.finish(callbackUrl, pending);
      const user = await accountForIdentity(app.db, identity, client.config.issuer);
      await startSession(request, user.id);
      await settleLanguage(app.db, user, request.headers['accept-language'], app.instance.kind === 'office');
      return reply.redirect('/', 302);
    } catch (err) {
      return reply.redirect(refusedAt(err, request.log), 302);
    }
  });
};

/** The sign-in screen with the reason; the details (never a token) go to the log. */
function refusedAt(err: unknown, log: FastifyBaseLogger): string {
  if (!(err instanceof SsoRefusal)) {
    log.error(err, 'single sign-on failed');
    return '/auth?error=sso_failed';
  }
  log.warn({ sso: err.code, detail: err.message }, 'single sign-on refused');
  return `/auth?error=${err.code}`;
}
