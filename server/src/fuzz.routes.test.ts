import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../common/error-codes';
import type { Role } from '../../common/roles';
import { users } from './db/schema';
import { UNSTORABLE_VALUE_MESSAGE } from './http/error-handler';
import { crewOf, signIn, TEST_PASSWORD, type TestUser, buildDepartment } from './test/factories';
import { createSopAs } from './test/client';
import { brokenMultiparts, HOSTILE_IDS, HOSTILE_VALUES, listRoutes, MALFORMED_JSON, type RouteEntry, seededRandom } from './test/hostile-requests';

/**
 * A few hundred generated malformed requests across every route the app serves, as each
 * role and signed out. None may be a server error, and every refusal is JSON with a
 * `message` and one of the stable `code`s. Seeded: the same requests every run, so a failure can be replayed.
 */
const SEED = 20_261_122;

const { t } = await crewOf();
let callers: Array<{ label: string; user: TestUser | null }>;
/** Existing ids by path prefix, so that a hostile body meets a real record. */
let realIds: Record<string, number>;
/** The callers' accounts as they were made: put back before each route (see below). */
let callerAccounts: Array<{ id: number; password: string; role: Role }>;

beforeAll(async () => {
  const admin = await t.signedInUser('admin');
  const approver = await t.signedInUser('approver');
  const user = await t.signedInUser('user');
  callers = [
    { label: 'admin', user: admin },
    { label: 'approver', user: approver },
    { label: 'user', user },
    { label: 'signed out', user: null },
  ];
  const department = await buildDepartment(t.db, 'Fuzz division');
  const sop = await createSopAs(t, user, { departmentId: department.id, title: 'Fuzzed procedure' });
  const bystander = await t.signedInUser('user');
  const ids = [admin.id, approver.id, user.id];
  callerAccounts = await t.db.select({ id: users.id, password: users.password, role: users.role }).from(users).where(inArray(users.id, ids));
  realIds = { sops: sop.id, departments: department.id, 'sop-versions': sop.latestVersionId!, users: bystander.id, approvals: 1, attachments: 1 };
});

/** A body every JSON route could accept, so one hostile field at a time reaches the handler. */
function plausibleBody(random: ReturnType<typeof seededRandom>): Record<string, unknown> {
  const unique = Math.floor(random.next() * 1e9).toString(36);
  return {
    title: 'Fuzz title',
    name: `Fuzz name ${unique}`,
    description: 'Fuzz description',
    departmentId: realIds.departments,
    parentId: realIds.departments,
    versionId: realIds['sop-versions'],
    sopId: realIds.sops,
    content: 'Step one',
    summary: 'Summary',
    category: 'Safety',
    tags: ['fuzz'],
    changelog: 'Changed',
    versionNumber: '9.9',
    comments: 'Looks fine',
    status: 'approved',
    username: `fuzz${unique}`,
    password: 'a-long-enough-password',
    email: 'fuzz@example.com',
    firstName: 'Fuzz',
    lastName: 'Tester',
    role: 'user',
    fileURL: '/api/objects/uploads/00000000-0000-4000-8000-000000000000',
    originalName: 'fuzz.txt',
    keepAttachmentIds: [1],
    reviewFrequency: 12,
  };
}

/** The free-text fields of plausibleBody (enums, emails and ids have their own checks). */
const TEXT_FIELDS = [
  'title',
  'name',
  'description',
  'content',
  'summary',
  'category',
  'changelog',
  'versionNumber',
  'comments',
  'firstName',
  'lastName',
  'originalName',
];

const QUERY_KEYS = ['departmentId', 'status', 'search', 'limit', 'parentId', 'versionId', 'before', 'actorId', 'action', 'entityType', 'from', 'to'];

function pathFor(route: RouteEntry, hostileParam: string | null): string {
  const prefix = route.url.split('/')[2] ?? '';
  return route.url.replace(/:(\w+)/g, (_match, name: string) => {
    if (hostileParam !== null) return encodeURI(hostileParam).replace(/%25/g, '%');
    if (name === 'uploadId') return '00000000-0000-4000-8000-000000000000';
    return String(realIds[prefix] ?? 1);
  });
}

const CATEGORIES = [
  'path',
  'path-huge',
  'query',
  'json-one-field',
  'json-every-field',
  'json-nul-strings',
  'malformed-json',
  'multipart',
  'multipart-again',
  'wrong-type',
] as const;
type Category = (typeof CATEGORIES)[number];

/** The categories that apply to a route: every one, but a hostile path only where there are path parameters. */
const categoriesFor = (route: RouteEntry) => CATEGORIES.filter((c) => !c.startsWith('path') || route.url.includes(':'));

/** One generated request of a category for a route; the values come from the seeded generator. */
function generate(route: RouteEntry, category: Category, random: ReturnType<typeof seededRandom>): { kind: string; options: InjectOptions } {
  const method = route.method as InjectOptions['method'];
  const hostileId =
    category === 'path' ? random.pick(HOSTILE_IDS) : category === 'path-huge' ? random.pick(['2147483648', '4294967296', '9007199254740993']) : null;
  const url = pathFor(route, hostileId);
  const withBody = method !== 'GET' && method !== 'DELETE';
  switch (category) {
    case 'path':
    case 'path-huge':
      return { kind: category, options: { method, url, payload: withBody ? plausibleBody(random) : undefined } };
    case 'query': {
      const value = random.pick(['%00', 'a%00b', '2147483648', '-1', '1.5', 'x'.repeat(5000), '%E0%A4%A', '[]', '__proto__', '0000-01-01']);
      return { kind: category, options: { method, url: `${url}?${random.pick(QUERY_KEYS)}=${value}&${random.pick(QUERY_KEYS)}=${value}` } };
    }
    case 'malformed-json':
      return { kind: category, options: { method, url, payload: random.pick(MALFORMED_JSON), headers: { 'content-type': 'application/json' } } };
    case 'multipart':
    case 'multipart-again': {
      const broken = random.pick(brokenMultiparts());
      return { kind: `multipart ${broken.label}`, options: { method, url, payload: broken.body, headers: { 'content-type': broken.contentType } } };
    }
    case 'wrong-type': {
      const type = random.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/json; charset=utf-16']);
      return { kind: category, options: { method, url, payload: random.pick(['a=1&b=2', '<xml/>', '\u0000\u0001']), headers: { 'content-type': type } } };
    }
    case 'json-every-field': {
      // One hostile value in every field: whichever fields the route reads, it meets it.
      const value = random.pick(HOSTILE_VALUES);
      const body = Object.fromEntries(Object.keys(plausibleBody(random)).map((key) => [key, value]));
      return { kind: `${category} ${JSON.stringify(value)?.slice(0, 30)}`, options: { method, url, payload: body } };
    }
    case 'json-nul-strings': {
      // A body valid in every way but one: each string carries a control character.
      const nul = random.pick(['\u0000', '\u0007', '\u001b', '\u0000\u0000']);
      const body = plausibleBody(random);
      for (const key of TEXT_FIELDS) body[key] = `${body[key]}${nul}`;
      body.tags = [`tag${nul}`];
      return { kind: category, options: { method, url, payload: body } };
    }
    case 'json-one-field': {
      const body = plausibleBody(random);
      const field = random.pick(Object.keys(body));
      body[field] = random.pick(HOSTILE_VALUES);
      return { kind: `${category} ${field}`, options: { method, url, payload: body } };
    }
  }
}

function problemWith(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `server error ${res.statusCode}`;
  if (res.statusCode < 400) return null;
  let body: { message?: unknown; code?: unknown };
  try {
    body = res.json();
  } catch {
    return `a ${res.statusCode} that is not JSON`;
  }
  if (typeof body.message !== 'string' || !body.message) return `a ${res.statusCode} without a message`;
  if (typeof body.code !== 'string' || !(ERROR_CODES as readonly string[]).includes(body.code)) return `a ${res.statusCode} without a known code`;
  // The database's last line of defence caught it: a schema should have named the field.
  if (body.message === UNSTORABLE_VALUE_MESSAGE) return 'refused by the database, not by a schema';
  return null;
}

async function restoreCallerAccounts() {
  for (const account of callerAccounts) {
    await t.db.update(users).set({ password: account.password, role: account.role, active: true, deletedAt: null }).where(eq(users.id, account.id));
  }
}

describe('fuzzing every route', () => {
  it('answers no generated malformed request with a server error, and every refusal with a JSON message and code', { timeout: 600_000 }, async () => {
    const routes = listRoutes(t.app).filter((r) => r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(25);
    const random = seededRandom(SEED);
    const problems: string[] = [];
    const covered = new Set<string>();
    let sent = 0;
    // Deletes go last, so the records that hostile bodies meet exist while the rest run.
    const ordered = [...routes.filter((r) => r.method !== 'DELETE'), ...routes.filter((r) => r.method === 'DELETE')];
    for (const route of ordered) {
      // A fuzzed request may succeed: a password reset, a role change or a deactivation of one
      // of the callers themselves. Their accounts are put back so every route meets all roles.
      await restoreCallerAccounts();
      for (const caller of callers) {
        // A fresh session per route: a fuzzed logout, or a registration that succeeds,
        // ends the session the request carried.
        const user = caller.user && { ...caller.user, cookie: await signIn(t.app, caller.user.username, TEST_PASSWORD) };
        for (const category of categoriesFor(route)) {
          const { kind, options } = generate(route, category, random);
          // From addresses of their own, so sign-in throttling never meets the sign-ins above.
          const res = await t.as(user, { ...options, remoteAddress: `10.${Math.floor(random.next() * 250)}.${Math.floor(random.next() * 250)}.7` });
          sent += 1;
          covered.add(`${route.method} ${route.url}`);
          if (process.env.FUZZ_TRACE) console.log(res.statusCode, caller.label, options.method, String(options.url).slice(0, 80), kind);
          if (user && res.statusCode === 401 && route.url !== '/api/login')
            problems.push(`a signed-in ${caller.label} was answered 401: ${route.method} ${route.url} (${kind})`);
          const problem = problemWith(res);
          if (problem)
            problems.push(`${problem}: ${caller.label} ${options.method} ${String(options.url).slice(0, 120)} (${kind}) -> ${res.body.slice(0, 200)}`);
        }
      }
    }
    const serverErrors = problems.filter((p) => p.startsWith('server error')).length;
    console.info(`fuzz: ${sent} requests over ${covered.size} routes, ${serverErrors} server errors, ${problems.length} problems`);
    expect(covered.size).toBe(routes.length);
    expect(sent).toBeGreaterThanOrEqual(300);
    expect(problems).toEqual([]);
  });

  it('answers //api/... and /API/... like any unknown API path: a JSON 404', async () => {
    for (const url of ['//api/sops', '/API/sops', '/Api/admin/users']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toContain('No such endpoint');
    }
  });
});
