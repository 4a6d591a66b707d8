import type { App } from '../app';

/**
 * Building blocks for hostile-input tests: raw multipart bodies (including broken ones),
 * the values an attacker or a careless integrator sends, a seeded generator so a failing
 * case can be replayed, and the route table read from the app itself.
 */

export interface RawPart {
  name: string;
  value: string | Buffer;
  /** Present for a file part. */
  filename?: string;
}

export const BOUNDARY = 'hostile-boundary-7f3a';

/** A multipart/form-data body written by hand, so it can also be written wrong. */
export function rawMultipart(parts: RawPart[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.filename === undefined ? '' : '\r\nContent-Type: application/octet-stream';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export const multipartType = (boundary = BOUNDARY) => `multipart/form-data; boundary=${boundary}`;

/** Broken multipart requests: each is a content type and a body. */
export function brokenMultiparts(): Array<{ label: string; contentType: string; body: Buffer }> {
  const good = rawMultipart([{ name: 'file', filename: 'a.txt', value: 'hello' }]);
  return [
    { label: 'no boundary', contentType: 'multipart/form-data', body: good },
    { label: 'wrong boundary', contentType: multipartType('some-other-boundary'), body: good },
    { label: 'truncated body', contentType: multipartType(), body: good.subarray(0, good.length - 20) },
    { label: 'garbage body', contentType: multipartType(), body: Buffer.from('\u0000\u00ff garbage ¯\\_(ツ)_/¯ '.repeat(20)) },
    {
      label: 'headers only',
      contentType: multipartType(),
      body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n`),
    },
    { label: 'empty boundary', contentType: 'multipart/form-data; boundary=', body: good },
    {
      label: 'too many fields',
      contentType: multipartType(),
      body: rawMultipart(Array.from({ length: 40 }, (_, i) => ({ name: `field${i}`, value: 'x' }))),
    },
    {
      label: 'too many files',
      contentType: multipartType(),
      body: rawMultipart(Array.from({ length: 12 }, (_, i) => ({ name: 'file', filename: `f${i}.txt`, value: 'x' }))),
    },
    { label: 'NUL in a file name', contentType: multipartType(), body: rawMultipart([{ name: 'file', filename: 'a\u0000.txt', value: 'hello' }]) },
    { label: 'a prototype field name', contentType: multipartType(), body: rawMultipart([{ name: '__proto__', value: 'x' }]) },
  ];
}

/** Values that are not valid ids (all outside 1..2147483647 or not whole numbers). */
export const HOSTILE_IDS = ['2147483648', '99999999999999999999', '-1', '0', '1.5', '1e3', '0x10', 'abc', '%00', '1%00', 'NaN', 'Infinity', '%20'];

/** Values that must never reach a text column or a number column as they are. */
export const HOSTILE_VALUES: unknown[] = [
  'nul\u0000inside',
  '\u0000',
  'escape\u001b[31m',
  2147483648,
  -1,
  1.5,
  1e308,
  '99999999999999999999',
  true,
  null,
  [],
  [1, 'two', null],
  {},
  { nested: { deeper: 'x\u0000' } },
  'x'.repeat(300_000),
  '0000-01-01',
  '\ud800',
];

/** Bodies that are not JSON at all, sent as application/json. */
export const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[',
  '{"a":1,}',
  "{'a':1}",
  '\u0000',
  'null',
  '"text"',
  '12',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
];

/** mulberry32: a small seeded generator, so every run sends the same requests. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] };
}

export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * Every route the app serves, read from `printRoutes` (each line is a path segment under
 * its parent, with its methods). HEAD routes Fastify adds for GETs are left out.
 */
export function listRoutes(app: App): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) continue;
    stack.length = match[1].length / 4;
    stack.push(match[2]);
    const url = stack.join('');
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, url });
  }
  return routes;
}
