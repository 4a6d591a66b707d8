import * as oidc from 'openid-client';
import type { SsoErrorCode } from '../../../../common/sso';

/** The company's identity provider, from OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_NAME. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the sign-in button calls the provider. */
  name: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The provider settings, or undefined when none is set; half a setting stops the server at start. */
export function oidcConfigFrom(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  const given = { OIDC_ISSUER: env.OIDC_ISSUER?.trim(), OIDC_CLIENT_ID: env.OIDC_CLIENT_ID?.trim(), OIDC_CLIENT_SECRET: env.OIDC_CLIENT_SECRET };
  const missing = Object.entries(given).filter(([, value]) => !value);
  if (missing.length === 3) return undefined;
  if (missing.length > 0) {
    throw new Error(`Single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together; ${missing.map(([name]) => name).join(' and ')} not set`);
  }
  const issuer = given.OIDC_ISSUER!;
  const url = URL.canParse(issuer) ? new URL(issuer) : null;
  // Tokens and the client secret travel to the provider: plain http only to this very machine.
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname)))) {
    throw new Error(`OIDC_ISSUER must be the identity provider's https address (http only on localhost); got "${issuer}"`);
  }
  return { issuer, clientId: given.OIDC_CLIENT_ID!, clientSecret: given.OIDC_CLIENT_SECRET!, name: env.OIDC_NAME?.trim() || url.hostname };
}

/** A refusal the sign-in screen explains (`/auth?error=<code>`). */
export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoErrorCode,
    detail?: string,
  ) {
    super(detail ?? code);
    this.name = 'SsoRefusal';
  }
}

/** What the callback must check, kept in the browser's signed cookie between the two legs. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/** Who the provider says signed in: an e-mail address (if shared) and names for a new account. */
export interface Identity {
  subject: string;
  email: string | null;
  /** False only when the provider says the address is not verified. */
  emailVerified: boolean;
  preferredUsername: string | null;
  givenName: string | null;
  familyName: string | null;
  fullName: string | null;
}

export interface SsoClient {
  readonly config: OidcConfig;
  /** Where to send the browser for a sign-in, and what its return must match. */
  begin(redirectUri: string): Promise<{ url: URL; pending: PendingSignIn }>;
  /** The provider's answer at the callback, checked (state, nonce, issuer, audience, PKCE) and traded for the identity. */
  finish(callbackUrl: URL, pending: PendingSignIn): Promise<Identity>;
}

const SCOPE = 'openid email profile';

/**
 * The provider's metadata is read on the first sign-in, not at start: a provider that is down
 * never keeps the server from starting, and a failed read is tried again on the next sign-in.
 */
export function createSsoClient(config: OidcConfig): SsoClient {
  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(config.issuer), config.clientId, config.clientSecret, oidc.ClientSecretBasic(config.clientSecret), {
        timeout: 10,
        execute: new URL(config.issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      })
      .catch((err: unknown) => {
        discovered = null;
        throw new SsoRefusal('sso_unavailable', `discovery of ${config.issuer} failed: ${String(err)}`);
      });
    return discovered;
  };

  return {
    config,
    async begin(redirectUri) {
      const server = await configuration();
      const pending = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier(), redirectUri };
      const url = oidc.buildAuthorizationUrl(server, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, pending };
    },
    async finish(callbackUrl, pending) {
      // A return that does not carry this browser's state is someone else's (or a replay).
      if (callbackUrl.searchParams.get('state') !== pending.state) throw new SsoRefusal('sso_state', 'state does not match');
      const server = await configuration();
      const tokens = await oidc
        .authorizationCodeGrant(server, callbackUrl, { pkceCodeVerifier: pending.codeVerifier, expectedState: pending.state, expectedNonce: pending.nonce })
        .catch((err: unknown) => {
          throw asRefusal(err);
        });
      const claims = tokens.claims();
      if (!claims) throw new SsoRefusal('sso_failed', 'no ID token');
      // Many providers keep e-mail and names out of the ID token when an access token can fetch them.
      const info = claims.email
        ? claims
        : await oidc.fetchUserInfo(server, tokens.access_token, claims.sub).catch((err: unknown) => Promise.reject(asRefusal(err)));
      return {
        subject: claims.sub,
        email: text(info.email)?.toLowerCase() ?? null,
        // Verified only when the provider says so: a missing claim proves nothing.
        emailVerified: info.email_verified === true,
        preferredUsername: text(info.preferred_username),
        givenName: text(info.given_name),
        familyName: text(info.family_name),
        fullName: text(info.name),
      };
    },
  };
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The provider refused (an `error` in its answer), could not be reached, or answered something that does not check out. */
function asRefusal(err: unknown): SsoRefusal {
  if (err instanceof SsoRefusal) return err;
  if (err instanceof oidc.AuthorizationResponseError) return new SsoRefusal('sso_refused', `${err.error}: ${err.error_description ?? ''}`);
  if (err instanceof TypeError && /fetch failed/i.test(err.message)) return new SsoRefusal('sso_unavailable', String(err.cause ?? err));
  return new SsoRefusal('sso_failed', String(err));
}
