import { type Server, type Socket, createServer, connect } from 'node:net';

/**
 * A TCP proxy standing in for the satellite link between a ship's NATS leaf node and the hub:
 * the test can cut it (every connection dropped, new ones refused until `restore`), throttle it
 * (bytes per second and a one-way delay, each direction on its own) and read how many bytes
 * crossed it each way.
 */
export interface LinkProxy {
  /** The address the ship's leaf node dials instead of the hub (nats-leaf://127.0.0.1:port). */
  url: string;
  port: number;
  /** Bytes that crossed so far: office → ship and ship → office. */
  bytes(): { toShip: number; toOffice: number };
  resetBytes(): void;
  /** Drops every connection now and refuses new ones until `restore`. */
  cut(): void;
  restore(): void;
  /** Bandwidth in bytes per second each way (0 = unlimited) and a one-way delay in ms. */
  throttle(bytesPerSecond: number, delayMs: number): void;
  /** Calls `listener` whenever bytes cross towards the ship, with the running total. */
  onToShip(listener: (total: number) => void): () => void;
  close(): Promise<void>;
}

/** One direction of one connection: bytes leave in order, paced to the bandwidth, after the delay. */
class Pipe {
  private queue: { data: Buffer; due: number }[] = [];
  private busy = false;
  private freeAt = 0;
  constructor(
    private readonly to: Socket,
    private readonly link: { readonly rate: number; readonly delay: number },
    private readonly count: (n: number) => void,
  ) {}

  push(data: Buffer) {
    this.queue.push({ data, due: Date.now() + this.link.delay });
    void this.pump();
  }

  private async pump() {
    if (this.busy) return;
    this.busy = true;
    try {
      while (this.queue.length && !this.to.destroyed) {
        const item = this.queue[0];
        const slice = this.link.rate > 0 ? Math.max(1024, Math.floor(this.link.rate / 20)) : item.data.length;
        const part = item.data.subarray(0, slice);
        const now = Date.now();
        const start = Math.max(now, item.due, this.freeAt);
        if (start > now) await sleep(start - now);
        if (this.to.destroyed) break;
        this.freeAt = Math.max(Date.now(), this.freeAt) + (this.link.rate > 0 ? (part.length * 1000) / this.link.rate : 0);
        this.to.write(part);
        this.count(part.length);
        if (part.length === item.data.length) this.queue.shift();
        else item.data = item.data.subarray(part.length);
      }
    } finally {
      this.busy = false;
    }
  }
}

export async function startLinkProxy(target: { host?: string; port: number }): Promise<LinkProxy> {
  const sockets = new Set<Socket>();
  const totals = { toShip: 0, toOffice: 0 };
  const listeners = new Set<(total: number) => void>();
  let open = true;
  let rate = 0;
  let delay = 0;

  const server: Server = createServer((inbound) => {
    if (!open) {
      inbound.destroy();
      return;
    }
    const outbound = connect({ host: target.host ?? '127.0.0.1', port: target.port });
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        inbound.destroy();
        outbound.destroy();
      });
    }
    const settings = {
      get rate() {
        return rate;
      },
      get delay() {
        return delay;
      },
    };
    const toOffice = new Pipe(outbound, settings, (n) => {
      totals.toOffice += n;
    });
    const toShip = new Pipe(inbound, settings, (n) => {
      totals.toShip += n;
      for (const listener of listeners) listener(totals.toShip);
    });
    inbound.on('data', (chunk) => toOffice.push(chunk));
    outbound.on('data', (chunk) => toShip.push(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    url: `nats-leaf://127.0.0.1:${port}`,
    port,
    bytes: () => ({ ...totals }),
    resetBytes() {
      totals.toShip = 0;
      totals.toOffice = 0;
    },
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      open = true;
    },
    throttle(bytesPerSecond, delayMs) {
      rate = bytesPerSecond;
      delay = delayMs;
    },
    onToShip(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      open = false;
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
