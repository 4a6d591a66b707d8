import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type Action, type Actor, can, ON_SHIP, PERMISSIONS, shipWrites } from '../../../common/permissions';
import { ROLES } from '../../../common/roles';
import { crewOf } from '../test/factories';

/**
 * Which writes a ship makes is said once, in ON_SHIP (common/permissions.ts): on a ship's copy
 * the server refuses a write 409 office_only exactly when its route's action is not `yes` there,
 * and the screens (`can()` for someone signed in on board) offer exactly the writes it accepts.
 * Every route is walked as it was registered, with its options.
 */
const { t, admin } = await crewOf({ admin: 'admin' });
const registered: RouteOptions[] = [];
const ship = (
  await t.anotherInstance({ instance: { kind: 'ship', vessel: 'AURORA', natsUrl: 'nats://127.0.0.1:1' }, onRoute: (route) => registered.push(route) })
).app;

interface Write {
  name: string;
  method: string;
  url: string;
  public: boolean;
  action?: Action;
}

const READS = ['GET', 'HEAD', 'OPTIONS'];
const writes: Write[] = registered
  .filter((route) => route.url.startsWith('/api/'))
  .flatMap((route) => {
    const config = (route.config ?? {}) as { public?: boolean; access?: Action };
    return [route.method]
      .flat()
      .filter((method) => !READS.includes(method))
      .map((method) => ({ name: `${method} ${route.url}`, method, url: route.url, public: config.public === true, action: config.access }));
  });

/** What a ship does itself today: signing in and out, one's own reading and its signature, a circular's receipt. */
const ACCEPTED_ON_BOARD = [
  'POST /api/login',
  'POST /api/logout',
  'POST /api/sop-versions/:id/attestations',
  'POST /api/sop-versions/:id/reads',
  'POST /api/signatures/challenge',
  // The master's acknowledgement that the vessel received a circular (decision 078).
  'POST /api/circulars/:id/vessel-acknowledgement',
  // A suggestion for change made on board travels ashore like an attestation (decision 079).
  'POST /api/sops/:id/suggestions',
  // The master's review is filled and signed on board, then travels ashore (decision 080).
  'POST /api/reviews',
  'PUT /api/reviews/:id',
  'POST /api/reviews/:id/sign',
];

const onShip = (write: Write) =>
  ship.inject({
    method: write.method as 'POST',
    url: write.url.replace(/:[A-Za-z]+/g, '1'),
    // Signed out on the public routes (a sign-out must not end the session the walk uses).
    headers: write.public ? {} : { cookie: admin.cookie },
    payload: { username: 'nobody', password: 'wrong-password-1', name: 'Galley', title: 'x' },
  });

describe("a ship's writes", () => {
  it('are read from the route table: every write the app has is walked', () => {
    expect(writes.length).toBeGreaterThan(40);
    expect(writes.map((w) => w.name)).toEqual(expect.arrayContaining([...ACCEPTED_ON_BOARD, 'PUT /api/sops/:id', 'POST /api/register']));
  });

  it('are refused 409 office_only exactly when the action is not one a ship makes', async () => {
    const accepted: string[] = [];
    for (const write of writes) {
      const res = await onShip(write);
      const refused = res.statusCode === 409 && res.json().code === 'office_only';
      expect(refused, `${write.name} (${write.action ?? 'no action'}): ${res.statusCode} ${res.body}`).toBe(!shipWrites(write.action));
      if (!refused) accepted.push(write.name);
    }
    expect(accepted.sort()).toEqual([...ACCEPTED_ON_BOARD].sort());
  });

  it('are what the screens offer on board: can() agrees for every role that may, and ashore every such write is offered', () => {
    const disagreements: string[] = [];
    for (const write of writes) {
      if (!write.action) {
        // Nobody names it, so no screen can offer it; a ship refuses it (self-registration).
        expect(write.public, write.name).toBe(true);
        continue;
      }
      const action = write.action;
      for (const role of ROLES.filter((r) => PERMISSIONS[action][r] !== 'no')) {
        const ashore: Actor = { id: 1, role };
        const onBoard: Actor = { ...ashore, onShip: true };
        // The owner's own resource, a version they did not submit: only the ship can say no.
        const resource = { ownerId: 1, submittedBy: 2 };
        if (!can(ashore, action, resource)) disagreements.push(`${write.name}: ${role} ashore`);
        if (can(onBoard, action, resource) !== shipWrites(action)) disagreements.push(`${write.name}: ${role} on board`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('name every action the table lets a ship write, and never a reading action', () => {
    const named = new Set(writes.map((w) => w.action));
    const onBoard = (Object.keys(ON_SHIP) as Action[]).filter((action) => ON_SHIP[action] === 'yes');
    expect(onBoard.filter((action) => !named.has(action))).toEqual([]);
    expect(writes.filter((w) => w.action && ON_SHIP[w.action] === 'read').map((w) => w.name)).toEqual([]);
  });
});
