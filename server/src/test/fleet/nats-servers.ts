import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { connect as connectTcp, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect as connectTls } from 'node:tls';
import { supervised, type TestProcess } from './supervised';

const CONFIG_DIR = path.resolve(import.meta.dirname, '../../../../deploy/nats');
/** Debian's package installs it here; elsewhere it is found on PATH. */
const NATS_SERVER = process.env.NATS_SERVER ?? (existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : 'nats-server');

/**
 * A port nothing listens on now, taken below the kernel's ephemeral range: a port the kernel hands
 * out for `listen(0)` is also what it hands the next outgoing connection (a fetch, a database or
 * NATS client), so a process started on it a moment later could find it taken. Random, so test
 * files running side by side rarely try the same one; each is bound once to prove it free.
 */
export async function freePort(): Promise<number> {
  const range = '/proc/sys/net/ipv4/ip_local_port_range';
  const [ephemeralStart] = existsSync(range) ? readFileSync(range, 'utf8').split(/\s+/).map(Number) : [];
  const below = Number.isInteger(ephemeralStart) && ephemeralStart > 20_000 ? ephemeralStart : 32_768;
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * (below - 10_000));
    if (await bindsFree(port)) return port;
  }
  throw new Error('no free port found below the ephemeral range');
}

function bindsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Whether a TCP connection to host:port is taken (true) or refused (false). */
export function acceptsTcp(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp(port, host, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
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

/**
 * nats-server with one of the deploy configs and its environment, started and ready (its `port` and store as the config reads them);
 * `args` are further command-line options (e.g. `--addr`, which replaces the config's `host`).
 */
export async function launchNats(
  conf: string,
  env: Record<string, string>,
  port: number,
  storeDir: string,
  leafUrl?: string,
  args: string[] = [],
): Promise<NatsServer> {
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
          spawn(NATS_SERVER, ['-c', path.resolve(CONFIG_DIR, conf), ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }),
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

/** A CA, and the hub's certificate and key signed by it for 127.0.0.1 (openssl), in `dir`. */
export function makeCertificates(dir: string) {
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2', '-subj', '/CN=Fleet test CA');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('hub.key'), '-out', file('hub.csr'), '-subj', '/CN=hub');
  writeFileSync(file('san.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  const sign = ['-in', file('hub.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-out', file('hub.pem')];
  openssl('x509', '-req', ...sign, '-days', '2', '-extfile', file('san.cnf'));
  return { ca: file('ca.pem'), cert: file('hub.pem'), key: file('hub.key') };
}

/**
 * deploy/nats/fleet-users.conf with a block for each further vessel, copied from AURORA's between
 * its marker lines with AURORA replaced by the vessel's code, as docs/operations.md says to.
 */
export function fleetUsersFor(vessels: string[]): string {
  const users = readFileSync(path.join(CONFIG_DIR, 'fleet-users.conf'), 'utf8');
  const start = users.indexOf('  # --- AURORA: copy from here ---');
  const endMarker = '  # --- AURORA: copy to here ---\n';
  const end = users.indexOf(endMarker) + endMarker.length;
  if (start < 0 || end < endMarker.length) throw new Error("fleet-users.conf has lost the marker lines around AURORA's block");
  const block = users.slice(start, end);
  const copies = vessels.filter((vessel) => vessel !== 'AURORA').map((vessel) => block.replaceAll('AURORA', vessel));
  return users.slice(0, end) + copies.join('') + users.slice(end);
}

export interface TlsHub extends NatsServer {
  /** The port ships' leaf nodes dial (TLS). */
  leafPort: number;
  /** The CA file ships check the hub's certificate with. */
  ca: string;
}

/**
 * The production hub: deploy/nats/hub-tls.conf as it is, beside fleet-users.conf with a block per
 * vessel (`passwords`: code to password; AURORA's block is always there), on free ports, TLS
 * from a CA made here, the client port on 127.0.0.1 (the office app signs in with no credential).
 */
export async function startTlsHub(passwords: Record<string, string>): Promise<TlsHub> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sop-nats-tls-hub-'));
  const certs = makeCertificates(dir);
  copyFileSync(path.join(CONFIG_DIR, 'hub-tls.conf'), path.join(dir, 'hub-tls.conf'));
  writeFileSync(path.join(dir, 'fleet-users.conf'), fleetUsersFor(Object.keys(passwords)));
  const port = await freePort();
  const leafPort = await freePort();
  const secrets = Object.fromEntries(Object.entries({ AURORA: 'unused', ...passwords }).map(([vessel, password]) => [`NATS_PASSWORD_${vessel}`, password]));
  const env = {
    NATS_HOST: '127.0.0.1',
    NATS_PORT: String(port),
    NATS_LEAF_PORT: String(leafPort),
    NATS_LEAF_ADVERTISE: `127.0.0.1:${leafPort}`,
    NATS_STORE_DIR: mkdtempSync(path.join(dir, 'store-')),
    NATS_TLS_CERT: certs.cert,
    NATS_TLS_KEY: certs.key,
    NATS_TLS_CA: certs.ca,
    ...secrets,
  };
  const hub = await launchNats(path.join(dir, 'hub-tls.conf'), env, port, dir, `tls://127.0.0.1:${leafPort}`);
  return Object.assign(hub, { leafPort, ca: certs.ca });
}

/**
 * A ship's leaf node from deploy/nats/ship-tls.conf, signed in to `hub` as `vessel` with `password`
 * (`signInAs`: another user name than the vessel's code; `args`: further command-line options).
 */
export async function startTlsShip(hub: TlsHub, vessel: string, password: string, opts: { signInAs?: string; args?: string[] } = {}): Promise<NatsServer> {
  const port = await freePort();
  const storeDir = mkdtempSync(path.join(tmpdir(), `sop-nats-tls-${vessel}-`));
  const env = {
    NATS_PORT: String(port),
    NATS_STORE_DIR: storeDir,
    VESSEL: vessel,
    NATS_HUB_LEAF_URL: `tls://${opts.signInAs ?? vessel}:${password}@127.0.0.1:${hub.leafPort}`,
    NATS_TLS_CA: hub.ca,
  };
  return launchNats('ship-tls.conf', env, port, storeDir, undefined, opts.args);
}

/**
 * A leaf node written by hand, as a ship whose nats-server was altered could speak: it signs in to
 * the TLS hub with a vessel's credential and sends the leaf protocol it is told (`LS+ <subject>`,
 * `LMSG <subject> [reply] <size>`), ignoring the lists the hub sends it, and keeps what the hub
 * delivers.
 */
export async function handWrittenLeaf(hub: TlsHub, user: string, password: string) {
  const plain = connectTcp(hub.leafPort, '127.0.0.1');
  // nats-server 2.9 sends its INFO in the clear and then expects the TLS handshake.
  await once(plain, 'data');
  const socket = connectTls({ socket: plain, ca: readFileSync(hub.ca), servername: 'localhost' });
  await once(socket, 'secureConnect');
  let received = '';
  let closed = false;
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
    if (/(^|\n)PING\r\n/.test(chunk.toString())) socket.write('PONG\r\n');
  });
  socket.on('close', () => {
    closed = true;
  });
  socket.write(`CONNECT ${JSON.stringify({ user, pass: password, tls_required: true, name: `hand-written-${user}`, headers: true })}\r\nPING\r\n`);
  const until = Date.now() + 10_000;
  while (!received.includes('PONG\r\n')) {
    if (closed || Date.now() > until) throw new Error(`the hub did not take the hand-written leaf node:\n${received}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    /** Subjects of the messages the hub delivered so far, in order. */
    delivered: () => [...received.matchAll(/^[LH]MSG (\S+)/gm)].map((match) => match[1]),
    /** Everything the hub sent, protocol lines included. */
    received: () => received,
    closed: () => closed,
    subscribe: (subject: string) => socket.write(`LS+ ${subject}\r\n`),
    publish: (subject: string, data: string, reply?: string) =>
      socket.write(`LMSG ${subject} ${reply ? `${reply} ` : ''}${Buffer.byteLength(data)}\r\n${data}\r\n`),
    close: () => socket.destroy(),
  };
}
