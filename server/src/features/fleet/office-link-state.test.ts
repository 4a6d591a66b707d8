import { afterAll, describe, expect, it } from 'vitest';
import type { FleetStatus } from '../../../../common/contracts/fleet';
import { openTestDatabase } from '../../test/database';
import { createTestContext } from '../../test/factories';
import { startHub } from '../../test/fleet/nats-servers';
import { startOfficeLink } from './office-link.service';

/**
 * The Fleet page says whether the office reaches NATS, from the NATS client's own state: down
 * with the client's reason while nothing answers, connected since when once the hub runs, and
 * down again when the hub goes away. (Without NATS_URL it is not_configured: vessels.routes.test.ts.)
 */
describe("the office's link state", () => {
  it('follows the real connection: down with the reason, connected since when, down again', async () => {
    const hub = await startHub();
    await hub.stop();
    const database = await openTestDatabase();
    const office = await createTestContext({ database, fleetLink: (log) => startOfficeLink(database.db, hub.url, log, { everyMs: 100 }) });
    afterAll(async () => {
      await office.close();
      await hub.dispose();
    });
    const reader = await office.signedInUser('user');
    const status = async () => (await office.as(reader, { method: 'GET', url: '/api/fleet/status' })).json() as FleetStatus;

    await expect.poll(async () => (await status()).link.state, { timeout: 15_000 }).toBe('down');
    const down = await status();
    expect(down.connected).toBe(false);
    expect(down.link.error).toMatch(new RegExp(`^Cannot reach NATS at nats://127\\.0\\.0\\.1:${hub.port}: \\S`));
    expect(down.link.since).not.toBeNull();

    await hub.start();
    await expect.poll(async () => (await status()).link.state, { timeout: 15_000 }).toBe('connected');
    const up = await status();
    expect(up.connected).toBe(true);
    expect(up.link.error).toBeNull();
    expect(new Date(up.link.since!).getTime()).toBeGreaterThanOrEqual(new Date(down.link.since!).getTime());

    await hub.stop();
    await expect.poll(async () => (await status()).link.state, { timeout: 15_000 }).toBe('down');
    const lost = await status();
    expect(lost.connected).toBe(false);
    expect(lost.link.error).toMatch(/^Cannot reach NATS at nats:\/\/127\.0\.0\.1:\d+: /);
    expect(new Date(lost.link.since!).getTime()).toBeGreaterThanOrEqual(new Date(up.link.since!).getTime());
  }, 60_000);
});
