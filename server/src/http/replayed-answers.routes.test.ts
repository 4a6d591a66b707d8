import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataVersion, sops, sopVersions, users } from '../db/schema';
import { buildSop, crewOf, TEST_PASSWORD } from '../test/factories';

const { t, crew, admin } = await crewOf({ crew: 'user', admin: 'admin' });
const { sop: draft } = await buildSop(t.db, { title: 'Bunkering checklist (draft)', submittedBy: null });
/** An SOP with its version 1.0 in force, which every crew member may read. */
async function inForce(title: string) {
  const { sop, version } = await buildSop(t.db, { title, submittedBy: null });
  await t.db.update(sopVersions).set({ approvedAt: new Date(), approvedBy: admin.id }).where(eq(sopVersions.id, version.id));
  await t.db.update(sops).set({ status: 'approved' }).where(eq(sops.id, sop.id));
  return sop;
}
const published = await inForce('Mooring stations');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Sent on a connection an earlier call had used. */
  reused: boolean;
  json(): { items: { title: string }[] };
}

/**
 * Another instance, listening as a server does (a replay is answered in front of the framework,
 * where `inject` does not go), logging every request into `lines`.
 */
async function listeningInstance(dataFreshMs: number) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const { app } = await t.anotherInstance({ dataFreshMs, logger: { level: 'info', stream } });
  const { port } = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
  // One kept-alive connection for every call, as a browser reuses one: whatever the server
  // remembers of a connection's last request must never carry over to a different one.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
    new Promise<Answer>((resolve, reject) => {
      const body = payload === undefined ? undefined : JSON.stringify(payload);
      const sent = request(
        { host: '127.0.0.1', port, agent, method, path: url, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const raw = Buffer.concat(chunks);
            resolve({
              statusCode: response.statusCode ?? 0,
              headers: response.headers,
              body: raw,
              reused: sent.reusedSocket,
              json: () => JSON.parse(raw.toString()),
            });
          });
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
  const signInHere = async (username: string) => {
    const answer = await call('POST', '/api/login', {}, { username, password: TEST_PASSWORD });
    expect(answer.statusCode).toBe(200);
    // Every cookie the sign-in set, as a browser sends them back.
    return (answer.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]).join('; ');
  };
  const replays = () => lines.filter((line) => line.replayed === true).length;
  return { call, signInHere, replays };
}

/** Headers both answers carry, less the time they were sent. */
const sameHeaders = (headers: IncomingHttpHeaders) => ({ ...headers, date: undefined });

const LIST = '/api/sops?limit=50&sort=title:asc';

describe('a repeated reading request is given the answer the whole path decided, while nothing it rests on has changed', () => {
  it('sends the same status, headers and bytes again, without running the path; a 304 likewise', async () => {
    const { call, signInHere, replays } = await listeningInstance(10 * 60_000);
    const cookie = await signInHere(crew.username);
    const ask = (headers: Record<string, string> = {}) => call('GET', LIST, { cookie, 'accept-encoding': 'br, gzip', ...headers });
    const first = await ask();
    expect(first.statusCode).toBe(200);
    expect(replays()).toBe(0);
    const again = await ask();
    expect(replays()).toBe(1);
    expect(again.statusCode).toBe(200);
    expect(sameHeaders(again.headers)).toEqual(sameHeaders(first.headers));
    expect(again.body.equals(first.body)).toBe(true);
    // The security headers and the cache rules came with it.
    expect(again.headers['content-security-policy']).toContain("default-src 'self'");
    expect(again.headers['cache-control']).toBe('private, no-cache');

    const held = { 'if-none-match': String(first.headers.etag) };
    const notModified = await ask(held);
    expect(notModified.statusCode).toBe(304);
    const notModifiedAgain = await ask(held);
    expect(replays()).toBe(2);
    expect(notModifiedAgain.statusCode).toBe(304);
    expect(sameHeaders(notModifiedAgain.headers)).toEqual(sameHeaders(notModified.headers));
    expect(notModifiedAgain.body.length).toBe(0);
  });

  it('never gives one person the answer made for another: each session has its own', async () => {
    const { call, signInHere, replays } = await listeningInstance(10 * 60_000);
    const adminCookie = await signInHere(admin.username);
    const crewCookie = await signInHere(crew.username);
    const connections: boolean[] = [];
    const titles = async (cookie: string) => {
      const answer = await call('GET', LIST, { cookie });
      connections.push(answer.reused);
      return answer.json().items.map((item) => item.title);
    };
    expect(await titles(adminCookie)).toContain(draft.title);
    expect(await titles(adminCookie)).toContain(draft.title);
    expect(replays()).toBe(1);
    // Crew never see a draft, even asked right after the admin's answer was replayed.
    const seen = await titles(crewCookie);
    expect(seen).toContain(published.title);
    expect(seen).not.toContain(draft.title);
    expect(replays()).toBe(1);
    expect(await titles(crewCookie)).not.toContain(draft.title);
    expect(replays()).toBe(2);
    // Both people asked on the one connection the sign-ins had opened.
    expect(connections).toEqual([true, true, true, true]);
  });

  it('a sign-out on this instance ends it at once: the same request is then refused', async () => {
    const { call, signInHere, replays } = await listeningInstance(10 * 60_000);
    const cookie = await signInHere(crew.username);
    const ask = () => call('GET', LIST, { cookie });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    expect(replays()).toBe(1);
    expect((await call('POST', '/api/logout', { cookie }, {})).statusCode).toBe(200);
    const after = await ask();
    expect(after.statusCode).toBe(401);
    expect(replays()).toBe(1);
  });

  it('a change made elsewhere (a deactivation, a new SOP) is honoured within the freshness', async () => {
    const fresh = 100;
    const { call, signInHere, replays } = await listeningInstance(fresh);
    const gone = await t.signedInUser('user');
    const cookie = await signInHere(gone.username);
    const ask = () => call('GET', LIST, { cookie });
    const before = await ask();
    expect(before.statusCode).toBe(200);
    // Answered again at once: the same version, read moments ago.
    expect((await ask()).statusCode).toBe(200);
    expect(replays()).toBe(1);

    // Another instance publishes an SOP: the version moves, the next answer is built again.
    const added = await inForce('Anchor watch');
    await t.db.update(dataVersion).set({ version: sql`${dataVersion.version} + 1` });
    await sleep(fresh + 20);
    const rebuilt = await ask();
    expect(rebuilt.json().items.map((item) => item.title)).toContain(added.title);
    expect(rebuilt.headers.etag).not.toBe(before.headers.etag);

    // An admin elsewhere deactivates the person: refused once the freshness has passed.
    await t.db.update(users).set({ active: false }).where(eq(users.id, gone.id));
    await sleep(fresh + 20);
    expect((await ask()).statusCode).toBe(401);
  });

  it('with no freshness, each replay first reads the data version, and a version moved behind its back is seen at once', async () => {
    const { call, signInHere, replays } = await listeningInstance(0);
    const cookie = await signInHere(crew.username);
    const ask = () => call('GET', LIST, { cookie });
    const first = await ask();
    expect((await ask()).headers.etag).toBe(first.headers.etag);
    expect(replays()).toBe(1);
    await t.db.update(dataVersion).set({ version: sql`${dataVersion.version} + 1` });
    const moved = await ask();
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).not.toBe(first.headers.etag);
    expect(replays()).toBe(1);
  });

  it('a write is never replayed, and the next reading request after it sees the change', async () => {
    const { call, signInHere, replays } = await listeningInstance(10 * 60_000);
    const cookie = await signInHere(admin.username);
    const list = () => call('GET', LIST, { cookie });
    const first = await list();
    await list();
    expect(replays()).toBe(1);
    const created = await call('POST', '/api/sops', { cookie }, { title: 'Tender operations', departmentId: draft.departmentId });
    expect(created.statusCode).toBe(201);
    const after = await list();
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(after.json().items.map((item) => item.title)).toContain('Tender operations');
    expect(replays()).toBe(1);
  });
});
