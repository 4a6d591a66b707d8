import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * The network of every client test (a setup file of the client project): Mock Service Worker
 * answers fetch and XMLHttpRequest with the handlers the test declares, and nothing else.
 *
 *   network.use(http.get('/api/sops', () => HttpResponse.json([sop])));
 *
 * A request that no handler answers fails as a lost connection would, and fails the test once it
 * ends, naming the request. Handlers are dropped after each test, and so is the record of what
 * was asked (`asked`, `bodiesOf`).
 */
export const network = setupServer();

interface Sent {
  line: string;
  request: Request;
}
let sent: Sent[] = [];
let unanswered: string[] = [];

/** '/api/sops?search=x' for a request to http://localhost:3000/api/sops?search=x. */
const lineOf = (request: Request) => {
  const url = new URL(request.url);
  return `${request.method} ${url.pathname}${url.search}`;
};

network.events.on('request:start', ({ request }) => {
  sent.push({ line: lineOf(request), request: request.clone() });
});

/** What the code under test asked of the server in this test, in order: 'GET /api/sops?status=draft'. */
export const asked = (): string[] => sent.map((s) => s.line);

/** The JSON bodies of the requests asked as `line` ('POST /api/sops'), in order; undefined for an empty body. */
export function bodiesOf(line: string): Promise<unknown[]> {
  return Promise.all(
    sent
      .filter((s) => s.line === line)
      .map(async (s) => {
        const text = await s.request.clone().text();
        return text ? (JSON.parse(text) as unknown) : undefined;
      }),
  );
}

beforeAll(() =>
  network.listen({
    onUnhandledRequest: (request, print) => {
      unanswered.push(lineOf(request));
      print.error();
    },
  }),
);

afterEach(() => {
  network.resetHandlers();
  const missed = unanswered;
  sent = [];
  unanswered = [];
  if (missed.length > 0) throw new Error(`Requests that no handler of the test answered: ${missed.join(', ')}`);
});

afterAll(() => network.close());
