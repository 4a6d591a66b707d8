import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ProviderContext } from 'oidc-provider';

/** A person the provider knows: the claims it hands out about them. */
export interface IdpPerson {
  email?: string;
  /** null: the claim is left out (a provider that does not say). */
  emailVerified?: boolean | null;
  givenName?: string;
  familyName?: string;
}

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims by login (what is typed on the provider's page); a login not listed is an e-mail with no names. */
  people: Map<string, IdpPerson>;
  /** Follows an authorization URL through the provider's sign-in page as `login`; answers the URL it sends the browser back to. */
  signIn(authorizationUrl: string, login: string, choice?: 'sign-in' | 'cancel'): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1, for the server tests and the
 * browser journey. Its sign-in page asks only for an e-mail address and trusts it; consent
 * is granted at once, as a company's own provider does for its own applications.
 */
export async function startIdentityProvider(opts: { port?: number; redirectUris: string[]; name?: string }): Promise<TestIdentityProvider> {
  const clientId = 'sop-harbor';
  const clientSecret = 'a-client-secret-for-tests-only';
  const people = new Map<string, IdpPerson>();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: opts.redirectUris, token_endpoint_auth_method: 'client_secret_basic' }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    cookies: { keys: ['a-cookie-key-for-tests-only'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, login: string) => {
      const person = people.get(login) ?? {};
      return {
        accountId: login,
        claims: () => ({
          sub: login,
          email: person.email ?? login,
          ...(person.emailVerified === null ? {} : { email_verified: person.emailVerified ?? true }),
          given_name: person.givenName,
          family_name: person.familyName,
        }),
      };
    },
    loadExistingGrant: async (ctx: ProviderContext) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId: ctx.oidc.client.clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const handleProvider = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handleProvider(req, res);
    void (async () => {
      if (req.method === 'GET') {
        const { uid } = await provider.interactionDetails(req, res);
        res.setHeader('content-type', 'text/html; charset=utf-8');
        return res.end(signInPage(opts.name ?? 'Test identity provider', uid));
      }
      const form = new URLSearchParams(await bodyOf(req));
      const login = form.get('email')?.trim() ?? '';
      const result =
        form.get('choice') === 'cancel' || !login
          ? { error: 'access_denied', error_description: 'The person cancelled the sign-in' }
          : { login: { accountId: login } };
      await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    people,
    signIn: (authorizationUrl, login, choice = 'sign-in') => followSignIn(issuer, authorizationUrl, login, choice),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function signInPage(name: string, uid: string): string {
  return `<!doctype html><html lang="en"><head><title>${name}</title></head><body><main><h1>${name}</h1>
<form method="post" action="/interaction/${uid}"><label for="email">Email</label> <input id="email" name="email" type="email" autofocus>
<button type="submit" name="choice" value="sign-in">Sign in</button> <button type="submit" name="choice" value="cancel">Cancel</button></form></main></body></html>`;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

/** What a browser does on the provider: follow its redirects with its cookies, fill in the page, until it sends us elsewhere. */
async function followSignIn(issuer: string, authorizationUrl: string, login: string, choice: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let form: string | undefined;
  for (let step = 0; step < 10; step += 1) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      body: form,
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    await res.arrayBuffer();
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      form = undefined;
      if (url.origin !== new URL(issuer).origin) return url;
    } else if (res.status === 200 && url.pathname.startsWith('/interaction/') && !form) {
      form = new URLSearchParams({ email: login, choice }).toString();
    } else {
      throw new Error(`the provider answered ${res.status} at ${url}`);
    }
  }
  throw new Error('the provider never sent the browser back');
}
