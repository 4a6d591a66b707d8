import { afterAll } from 'vitest';
import { type App, buildApp } from '../../app';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/database';
import { createTestContext, TEST_SESSION_SECRET, type TestContext } from '../../test/factory';
import type { FleetInstance } from '../instance';
import { type RunningLink, startOfficeLink } from '../office-link';
import { startShipLink } from '../ship-link';
import { type NatsServer, startHub, startShipNats } from './nats-servers';

export interface Fleet {
  hub: NatsServer;
  office: TestContext;
  officeLink: RunningLink;
  ship: Ship;
}

export interface Ship {
  vessel: string;
  nats: NatsServer;
  app: App;
  database: Database;
  link: RunningLink;
}

/**
 * A hub and the office on it, and one ship (its own database and leaf node), all on free
 * ports; everything is stopped after the file's last test. Links look for work every 150 ms.
 */
export async function startFleet(vessel: string): Promise<Fleet> {
  const hub = await startHub();
  const office = await createTestContext({ jobs: 'manual' });
  const officeLink = startOfficeLink(office.db, hub.url, office.app.log, { everyMs: 150 });
  const nats = await startShipNats(vessel, hub.leafUrl!);
  const ship = await startShip(vessel, nats);
  afterAll(async () => {
    await ship.app.close();
    await ship.database.close();
    await officeLink.close();
    await office.close();
    await nats.dispose();
    await hub.dispose();
  });
  return { hub, office, officeLink, ship };
}

async function startShip(vessel: string, nats: NatsServer): Promise<Ship> {
  const database = await openTestDatabase();
  const instance: FleetInstance = { kind: 'ship', vessel, natsUrl: nats.url };
  let link: RunningLink | undefined;
  const app = await buildApp({
    db: database.db,
    sessionSecret: TEST_SESSION_SECRET,
    instance,
    fleetLink: (log) => (link = startShipLink(database.db, vessel, nats.url, log, { everyMs: 150 })),
  });
  await app.ready();
  return { vessel, nats, app, database, link: link! };
}

/** Polls until `check` holds (default 15 s). */
export async function eventually<T>(check: () => Promise<T | false | undefined | null> | T | false | undefined | null, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
