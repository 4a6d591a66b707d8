import { afterAll, expect } from 'vitest';
import { type App, buildApp } from '../../app';
import { type BackgroundJobs, createBackgroundJobs } from '../../background-jobs';
import type { Database } from '../../db/client';
import type { SopDetail } from '../../../../common/contracts/sops';
import { openTestDatabase } from '../database';
import { buildDepartment, createTestContext, signIn, TEST_PASSWORD, TEST_SESSION_SECRET, type TestContext, type TestUser } from '../factories';
import { and, count, eq, ne } from 'drizzle-orm';
import { users } from '../../db/schema';
import { createSopAs, submitSopAs, uploadAttachments } from '../client';
import { NO_SIGN_IN_ON_BOARD } from '../../features/fleet/apply.service';
import type { FleetInstance } from '../../features/fleet/instance.helper';
import { type RunningLink, startOfficeLink } from '../../features/fleet/office-link.service';
import { startShipLink } from '../../features/fleet/ship-link.service';
import { type LinkProxy, startLinkProxy } from './link-proxy';
import { freePort, type NatsServer, startHub, startShipNats } from './nats-servers';

export interface Fleet {
  hub: NatsServer;
  office: TestContext;
  officeLink: RunningLink;
  ship: Ship;
  /** The leaf link between the ship's NATS server and the hub (only with `{ proxy: true }`). */
  proxy?: LinkProxy;
}

export interface Ship {
  vessel: string;
  nats: NatsServer;
  app: App;
  database: Database;
  link: RunningLink;
  /** The ship's background jobs (previews, file text), running. */
  jobs: BackgroundJobs;
}

export interface FleetOptions {
  /** The ship's leaf node reaches the hub through a link proxy the test can cut and throttle. */
  proxy?: boolean;
}

/**
 * A hub and the office on it, and one ship (its own database and leaf node), all on free
 * ports; everything is stopped after the file's last test. Links look for work every 150 ms.
 */
export async function startFleet(vessel: string, opts: FleetOptions = {}): Promise<Fleet> {
  const leafPort = await freePort();
  const proxy = opts.proxy ? await startLinkProxy({ port: leafPort }) : undefined;
  const hub = await startHub({ leafPort, advertiseLeaf: proxy && `127.0.0.1:${proxy.port}` });
  const office = await createTestContext({ jobs: 'manual' });
  const officeLink = startOfficeLink(office.db, hub.url, office.app.log, { everyMs: 150 });
  const nats = await startShipNats(vessel, proxy?.url ?? hub.leafUrl!);
  const ship = await startShip(vessel, nats);
  afterAll(async () => {
    await ship.jobs.stop();
    await ship.app.close();
    await ship.database.close();
    await officeLink.close();
    await office.close();
    await nats.dispose();
    await proxy?.close();
    await hub.dispose();
  });
  return { hub, office, officeLink, ship, proxy };
}

/** A further ship on the fleet's hub (its own leaf node and database), stopped after the file's last test. */
export async function addShip(fleet: Fleet, vessel: string): Promise<Ship> {
  const nats = await startShipNats(vessel, fleet.hub.leafUrl!);
  const ship = await startShip(vessel, nats);
  afterAll(async () => {
    await ship.jobs.stop();
    await ship.app.close();
    await ship.database.close();
    await nats.dispose();
  });
  return ship;
}

async function startShip(vessel: string, nats: NatsServer): Promise<Ship> {
  const database = await openTestDatabase();
  const instance: FleetInstance = { kind: 'ship', vessel, natsUrl: nats.url };
  let link: RunningLink | undefined;
  const app = await buildApp({
    db: database.db,
    sessionSecret: TEST_SESSION_SECRET,
    // What the link applies is asked for at once: each reading request reads the data version.
    dataFreshMs: 0,
    instance,
    fleetLink: (log) => (link = startShipLink(database.db, vessel, nats.url, log, { everyMs: 150 })),
  });
  await app.ready();
  const jobs = createBackgroundJobs({ db: database.db, log: app.log, pollMs: 250 });
  jobs.start();
  return { vessel, nats, app, database, link: link!, jobs };
}

/**
 * Signs `user` in on board once their row has arrived with a password hash: polling the sign-in
 * itself would count each early try as a failure, and after ten the throttle would lock the
 * name for a minute, on a slow run before the row even arrives.
 */
export async function signInOnBoard(ship: { app: App; db: Database['db'] }, user: { id: number; username: string }, timeoutMs = 30_000) {
  await eventually(
    async () =>
      (
        await ship.db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.id, user.id), ne(users.password, NO_SIGN_IN_ON_BOARD)))
      )[0].n === 1,
    timeoutMs,
  );
  return signIn(ship.app, user.username, TEST_PASSWORD);
}

/** Polls until `check` holds (default 15 s); on a timeout the error carries what `explain` says of the state then. */
export async function eventually<T>(
  check: () => Promise<T | false | undefined | null> | T | false | undefined | null,
  timeoutMs = 15_000,
  explain?: () => Promise<string> | string,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(explain ? `timed out waiting; ${await explain()}` : 'timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The people a fleet test works with ashore: an admin, an approver, an author, and Ingrid Solberg of the crew in the Deck department. */
export async function officeStaff(office: TestContext) {
  const admin = await office.signedInUser('admin');
  const approver = await office.signedInUser('approver');
  const author = await office.signedInUser('user');
  const departmentId = (await buildDepartment(office.db, 'Deck')).id;
  const crew = await office.signedInUser('user', { firstName: 'Ingrid', lastName: 'Solberg' });
  await office.db.update(users).set({ departmentId }).where(eq(users.id, crew.id));
  return { admin, approver, author, crew, departmentId };
}

/** What a test does ashore: publish SOPs (with files), and new versions of them. */
export function officeDesk(office: TestContext, people: { author: TestUser; approver: TestUser; departmentId: number }) {
  const { author, approver, departmentId } = people;
  const approve = async (sopId: number) => {
    const { taskId } = await submitSopAs(office, author, sopId);
    expect((await office.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'approved' } })).statusCode).toBe(200);
  };
  const attach = async (versionId: number | null, name: string, data: Buffer, type = 'text/plain') => {
    const upload = await uploadAttachments(office, author, versionId, [{ name, data, type }]);
    expect(upload.statusCode).toBe(201);
    return upload.json() as { id: number };
  };
  return {
    async publish(input: { title: string; vesselCodes?: string[]; content?: string }): Promise<SopDetail> {
      const sop = await createSopAs(office, author, { departmentId, ...input });
      await approve(sop.id);
      return sop;
    },
    async publishWithFile(title: string, file: Buffer, opts: { name?: string; type?: string; vesselCodes?: string[] } = {}) {
      const sop = await createSopAs(office, author, { departmentId, title, vesselCodes: opts.vesselCodes });
      const attachment = await attach(sop.latestVersionId, opts.name ?? `${title}.txt`, file, opts.type);
      await approve(sop.id);
      return { sop, attachment };
    },
    /** A new version in force of `sop` (new content; `vesselCodes` when given); answers its id. */
    async revise(sop: { id: number; title: string }, content: string, opts: { vesselCodes?: string[]; file?: Buffer } = {}): Promise<number> {
      const edit = await office.as(author, {
        method: 'PUT',
        url: `/api/sops/${sop.id}`,
        payload: { title: sop.title, departmentId, content, ...(opts.vesselCodes ? { vesselCodes: opts.vesselCodes } : {}) },
      });
      expect(edit.statusCode).toBe(200);
      const versionId = ((await office.as(author, { method: 'GET', url: `/api/sops/${sop.id}` })).json() as SopDetail).latestVersionId!;
      if (opts.file) await attach(versionId, `${sop.title} ${content}.txt`, opts.file);
      await approve(sop.id);
      return versionId;
    },
    /** Changes only which vessels `sop` applies to (its version in force stays). */
    async limit(sop: { id: number; title: string }, vesselCodes: string[]) {
      const detail = (await office.as(author, { method: 'GET', url: `/api/sops/${sop.id}` })).json() as SopDetail;
      const edit = await office.as(author, {
        method: 'PUT',
        url: `/api/sops/${sop.id}`,
        payload: { title: sop.title, departmentId, content: detail.versions.at(-1)?.content ?? '', vesselCodes },
      });
      expect(edit.statusCode).toBe(200);
    },
  };
}
