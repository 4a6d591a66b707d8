import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { supervised, type TestProcess } from './supervised';

const CONFIG_DIR = path.resolve(import.meta.dirname, '../../../../deploy/nats');
/** Debian's package installs it here; elsewhere it is found on PATH. */
const NATS_SERVER = process.env.NATS_SERVER ?? (existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : 'nats-server');

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface NatsServer extends TestProcess {
  /** Client URL (nats://127.0.0.1:port). */
  url: string;
  port: number;
  /** The hub's leaf address (nats-leaf://127.0.0.1:port); undefined for a ship. */
  leafUrl?: string;
  storeDir: string;
}

/**
 * The office's hub, started from deploy/nats/hub.conf on free ports with a temporary store.
 * `advertiseLeaf` (host:port) is the leaf address the hub tells its leaf nodes: a leaf node
 * reconnects to the addresses it was told as well as its configured one, so a test whose
 * leaf link runs through a proxy has the hub advertise the proxy (otherwise a cut link is
 * mended straight to the hub's own port on one machine).
 */
export async function startHub(opts: { leafPort?: number; advertiseLeaf?: string } = {}): Promise<NatsServer> {
  const port = await freePort();
  const leafPort = opts.leafPort ?? (await freePort());
  const storeDir = mkdtempSync(path.join(tmpdir(), 'sop-nats-hub-'));
  let conf = 'hub.conf';
  if (opts.advertiseLeaf) {
    conf = path.join(storeDir, 'hub-advertised.conf');
    writeFileSync(
      conf,
      `include "${path.relative(storeDir, path.join(CONFIG_DIR, 'hub.conf'))}"\nleafnodes { port: $NATS_LEAF_PORT, advertise: "${opts.advertiseLeaf}" }\n`,
    );
  }
  return launchNats(
    conf,
    { NATS_PORT: String(port), NATS_LEAF_PORT: String(leafPort), NATS_STORE_DIR: storeDir },
    port,
    storeDir,
    `nats-leaf://127.0.0.1:${leafPort}`,
  );
}

/** A ship's leaf node from deploy/nats/ship.conf, connecting to `hubLeafUrl`. */
export async function startShipNats(vessel: string, hubLeafUrl: string): Promise<NatsServer> {
  const port = await freePort();
  const storeDir = mkdtempSync(path.join(tmpdir(), `sop-nats-${vessel}-`));
  return launchNats('ship.conf', { NATS_PORT: String(port), NATS_STORE_DIR: storeDir, VESSEL: vessel, NATS_HUB_LEAF_URL: hubLeafUrl }, port, storeDir);
}

/** nats-server with one of the deploy configs and its environment, started and ready (its `port` and store as the config reads them). */
export async function launchNats(conf: string, env: Record<string, string>, port: number, storeDir: string, leafUrl?: string): Promise<NatsServer> {
  let ready: (() => void) | undefined;
  const proc = supervised((output) => output.includes('Server is ready') && ready?.());
  const { exited, end } = proc;
  const server: NatsServer = {
    url: `nats://127.0.0.1:${port}`,
    port,
    leafUrl,
    storeDir,
    log: proc.log,
    async start() {
      if (!exited()) return;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`nats-server (${conf}) did not start:\n${proc.log()}`)), 10_000);
        ready = () => {
          ready = undefined;
          clearTimeout(timer);
          resolve();
        };
        const started = proc.adopt(
          spawn(NATS_SERVER, ['-c', path.resolve(CONFIG_DIR, conf)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }),
        );
        started.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`nats-server (${conf}) exited with ${code}:\n${proc.log()}`));
        });
      });
    },
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
    async dispose() {
      await end('SIGKILL');
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
