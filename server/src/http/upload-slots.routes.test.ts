import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { crewOf, type TestUser } from '../test/factories';
import { storeTotals } from '../test/stored-files';

const { t } = await crewOf({}, { uploadLimits: { perUser: 1, total: 2 } });
let first: TestUser;
let second: TestUser;
let third: TestUser;

beforeAll(async () => {
  [first, second, third] = await Promise.all([t.signedInUser('user'), t.signedInUser('user'), t.signedInUser('user')]);
});

const reserve = async (user: TestUser) => (await t.as(user, { method: 'POST', url: '/api/objects/upload' })).json().uploadURL as string;

/** A PUT whose body keeps flowing until `finish` is called: it holds its upload slot meanwhile. */
async function slowUpload(user: TestUser) {
  const body = new PassThrough();
  const done = t.as(user, { method: 'PUT', url: await reserve(user), payload: body, headers: { 'content-type': 'text/plain' } });
  body.write('the first part of a slow upload\n');
  return {
    done,
    finish() {
      body.end('and the rest\n');
      return done;
    },
  };
}

async function untilInFlight(count: number) {
  while (t.app.uploadsInFlight() < count) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('uploads in flight are bounded', () => {
  it('answers 429 to a user over their own limit and 503 when the server is full, then lets uploads through again', async () => {
    const before = await storeTotals(t.db);
    const a = await slowUpload(first);
    await untilInFlight(1);

    const mine = await t.as(first, { method: 'PUT', url: await reserve(first), payload: 'more', headers: { 'content-type': 'text/plain' } });
    expect(mine.statusCode).toBe(429);
    expect(mine.json().message).toMatch(/retry/);
    expect(mine.headers['retry-after']).toBeDefined();

    const b = await slowUpload(second);
    await untilInFlight(2);
    const full = await t.as(third, { method: 'PUT', url: await reserve(third), payload: 'more', headers: { 'content-type': 'text/plain' } });
    expect(full.statusCode).toBe(503);
    expect(full.json().message).toMatch(/retry/);
    // Refused uploads stored nothing.
    expect(await storeTotals(t.db)).toEqual(before);

    expect((await a.finish()).statusCode).toBe(200);
    expect((await b.finish()).statusCode).toBe(200);
    expect(t.app.uploadsInFlight()).toBe(0);
    const again = await t.as(third, { method: 'PUT', url: await reserve(third), payload: 'now it fits', headers: { 'content-type': 'text/plain' } });
    expect(again.statusCode).toBe(200);
  });

  it('applies to multipart uploads too', async () => {
    const a = await slowUpload(first);
    await untilInFlight(1);
    const res = await t.as(first, { method: 'POST', url: '/api/itineraries', payload: 'x', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    // Not an admin: the permission answers first; an admin over the limit gets 429.
    expect(res.statusCode).toBe(403);
    const admin = await t.signedInUser('admin');
    const b = await slowUpload(admin);
    await untilInFlight(2);
    const held = await t.as(admin, {
      method: 'POST',
      url: '/api/daily-programs/batch',
      payload: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ error: held.json().message });
    await a.finish();
    await b.finish();
  });
});
