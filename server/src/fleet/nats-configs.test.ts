import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, describe, expect, it } from 'vitest';
import { type NatsServer, startHub, startShipNats } from './test/nats-servers';

const servers: NatsServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.dispose();
});

describe('deploy/nats configs', () => {
  it('start a hub and a ship leaf node from environment variables, joined over the leaf link', async () => {
    const hub = await startHub();
    servers.push(hub);
    const ship = await startShipNats('AURORA', hub.leafUrl!);
    servers.push(ship);
    await waitFor(() => hub.log().includes('Leafnode connection created'));

    const onShip = await connect({ servers: ship.url });
    const ashore = await connect({ servers: hub.url });
    try {
      // Each side has its own JetStream domain; the ship reaches the hub's through the link.
      expect((await (await jetstreamManager(onShip)).getAccountInfo()).domain).toBe('AURORA');
      expect((await (await jetstreamManager(ashore)).getAccountInfo()).domain).toBe('hub');
      expect((await (await jetstreamManager(onShip, { domain: 'hub' })).getAccountInfo()).domain).toBe('hub');

      // A message published on board reaches the office.
      const received: string[] = [];
      ashore.subscribe('fleet.check', { callback: (_err, message) => void received.push(message.string()) });
      await ashore.flush();
      // Interest crosses the link a moment after the subscription; publish until it has.
      await waitFor(async () => {
        onShip.publish('fleet.check', 'from AURORA');
        await onShip.flush();
        return received.length > 0;
      });
      expect(received[0]).toBe('from AURORA');
    } finally {
      await onShip.close();
      await ashore.close();
    }
  });
});

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
