import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions, onSendHookHandler } from 'fastify';
import { utcDay } from '../../../common/review-clock';
import { withinLifetime } from '../features/auth/session-lifetime.http';
import { weighedMap } from '../lib/bounded-map';
import type { DataClock } from './data-clock';
import type { AppSessionStore, HeldSession } from './session-store';

/** Answers remembered at most, and their bytes: a burst of odd addresses only evicts, never grows. */
const MAX_REMEMBERED = 10_000;
const MAX_BYTES = 64 * 1024 * 1024;
/** A larger answer (the whole list of an old client) is built rarely and sent through the app. */
const MAX_BODY_BYTES = 256 * 1024;

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** An answer as it was sent, and what it was decided on. */
interface Sent {
  /** The session copy the request was answered with (its user, their rights, the data version). */
  held: HeldSession;
  sid: string;
  version: number;
  day: string;
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request was answered with a session copy held in memory (see `app.ts`). */
    heldSession: HeldSession | undefined;
    /** Set by a route whose answer the same request may be given again (a versioned JSON answer). */
    replayable: boolean;
  }
}

export interface ReplayedAnswers {
  /** Sends a remembered answer that is still true, or leaves the request to `app`. */
  answer(request: IncomingMessage, response: ServerResponse, app: RequestHandler): void;
  /** Remembers a replayable answer as it was sent; the last of all hooks, once every other has had its say. */
  recordHook: onSendHookHandler;
}

/**
 * The same reading request, from the same session, at the same data version and on the same day,
 * gets the same answer: a versioned JSON answer (the Procedures list, an SOP page) is decided by
 * the whole request path once (session, user, access rule, validation, visibility) and then sent
 * again as it was, in front of the framework, for as long as nothing it was decided on can have
 * changed:
 * - the request is the same: method GET, address, every cookie (the session's is the exact
 *   signed value the path verified), and the headers the answer depends on;
 * - the session copy it was answered with is still the one held, and still usable: read at this
 *   data version, less than a minute ago, not expired, within its lifetime, no touch due (every
 *   change to a user or a role, and every sign-out, moves the data version);
 * - the data version was read within the instance's freshness and is the one it was built at
 *   (a write this instance answered forces a new read first);
 * - the day is the same (review statuses change with it).
 * Anything else goes through the app, which remembers its answer. Writes are never replayed.
 */
export function createReplayedAnswers(sessions: AppSessionStore, clock: DataClock, log: FastifyBaseLogger): ReplayedAnswers {
  const sent = weighedMap<string, Sent>(MAX_REMEMBERED, MAX_BYTES, (answer) => answer.body?.length ?? 0);
  // pino says whether it logs requests; a silent logger has no such question, and logs nothing.
  const logsRequests = (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') ?? false;
  const today = dayClock();

  /** Whether `answer` is still true at data version `version`. */
  const stillTrue = (answer: Sent, version: number) =>
    version === answer.version && sessions.current(answer.sid) === answer.held && withinLifetime(answer.held.sess) && today() === answer.day;

  const send = (request: IncomingMessage, response: ServerResponse, answer: Sent) => {
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
    // As the framework logs a request, the path without its query.
    if (logsRequests)
      log.info({ req: { method: 'GET', url: request.url?.split('?')[0] }, res: { statusCode: answer.status }, replayed: true }, 'request completed');
  };

  /** Sends `answer` if it is still true at `version`, else leaves the request to the app. */
  const decide = (request: IncomingMessage, response: ServerResponse, app: RequestHandler, key: string, answer: Sent, version: number) => {
    if (stillTrue(answer, version)) return send(request, response, answer);
    // Built at a version gone for good: nothing will replay it again.
    if (answer.version < version && sent.get(key) === answer) sent.delete(key);
    app(request, response);
  };

  return {
    answer(request, response, app) {
      const key = request.method === 'GET' ? connectionRequestKey(request) : undefined;
      const answer = key === undefined ? undefined : sent.get(key);
      if (key === undefined || !answer) return app(request, response);
      const arrivedAt = performance.now();
      const version = clock.fresh(arrivedAt);
      if (version !== undefined) return decide(request, response, app, key, answer, version);
      // The version is read as the app would read it (one read for the requests arriving together).
      clock.versionFor(arrivedAt).then(
        (read) => decide(request, response, app, key, answer, read),
        () => app(request, response),
      );
    },
    async recordHook(request, reply, payload) {
      const held = request.heldSession;
      const sid = request.session?.sessionId;
      if (!request.replayable || !held || !sid || request.method !== 'GET' || request.dataVersion === null) return payload;
      if (reply.statusCode !== 200 && reply.statusCode !== 304) return payload;
      const body = Buffer.isBuffer(payload) ? payload : payload === undefined || payload === null || payload === '' ? undefined : null;
      if (body === null || (body && body.length > MAX_BODY_BYTES)) return payload;
      const headers = reply.getHeaders();
      // A cookie sent (a session touched or begun) is for this answer only.
      if (headers['set-cookie'] !== undefined) return payload;
      const key = requestKey(request.raw);
      if (key === undefined) return payload;
      const recorded = { ...headers } as OutgoingHttpHeaders;
      if (body) recorded['content-length'] = body.length;
      sent.set(key, { held, sid, version: request.dataVersion, day: today(), status: reply.statusCode, headers: recorded, body });
      return payload;
    },
  };
}

/** The day (UTC, as review statuses count it), worked out again only once it has ended. */
function dayClock() {
  let day = '';
  let endsAt = 0;
  return () => {
    const now = Date.now();
    if (now >= endsAt) {
      day = utcDay(new Date(now));
      endsAt = Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000;
    }
    return day;
  };
}

/** The request headers an answer may depend on (lower case). */
const KEYED_HEADERS = new Set(['cookie', 'accept-encoding', 'if-none-match', 'accept-language', 'host', 'x-forwarded-proto', 'x-forwarded-host']);

/**
 * What an answer may depend on in the request: the address, every cookie (the session's signed
 * id among them), the encodings and the cached tag the client holds, its language, and the host
 * and scheme (a proxy's too), as sent. Undefined without cookies: nobody is signed in. Read from
 * the raw header lines: the parsed headers are built only for a request that goes to the app.
 */
function requestKey(request: IncomingMessage): string | undefined {
  const raw = request.rawHeaders;
  let key = request.url ?? '';
  let cookies = false;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (!KEYED_HEADERS.has(name)) continue;
    if (name === 'cookie') cookies = true;
    key += `\n${name}: ${raw[i + 1]}`;
  }
  return cookies ? key : undefined;
}

/** Each connection's last request key, with the address and header lines it was built from. */
const lastKeys = new WeakMap<object, { url: string | undefined; rawHeaders: string[]; key: string | undefined }>();

/**
 * `requestKey`, built once per connection for as long as it sends the same request: a client asking
 * again on a kept-alive connection (a screen refreshing its reads, a page opened again) repeats the
 * same address and header lines, and comparing
 * them costs less than joining and hashing a new key of a few hundred characters for each request.
 * The key is a function of exactly those lines, so equal lines give the equal key.
 */
function connectionRequestKey(request: IncomingMessage): string | undefined {
  const raw = request.rawHeaders;
  const last = lastKeys.get(request.socket);
  if (last && last.url === request.url && sameLines(last.rawHeaders, raw)) return last.key;
  const key = requestKey(request);
  lastKeys.set(request.socket, { url: request.url, rawHeaders: raw, key });
  return key;
}

function sameLines(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The app's HTTP server (Fastify's `serverFactory`): a request `replays` answers goes no further;
 * any other goes to the framework. The timeouts are the framework's own.
 */
export function serverWithReplays(replays: () => ReplayedAnswers | undefined) {
  return (handler: RequestHandler, options: FastifyServerOptions): Server => {
    const server = createServer((request, response) => {
      const replayed = replays();
      if (replayed) replayed.answer(request, response, handler);
      else handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? server.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout ?? server.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    return server;
  };
}
