import { type Socket, createServer } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The PostgreSQL wire protocol over one PGlite instance, on a unix socket, so every process
 * (the server, a seed, a backup) talks to the embedded database with the same `pg` driver.
 *
 * PGlite is one backend session that runs one message at a time. Several connections share
 * it safely because one connection *holds* it from its first message until PGlite is idle
 * again: after a simple query or a Sync with no transaction block open. Meanwhile the other
 * connections' messages wait in order. So a transaction, or one extended-protocol batch
 * (Parse/Bind/Execute/Sync, which shares the unnamed statement), is never interleaved.
 */

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const SYNC = Uint8Array.from([0x53, 0, 0, 0, 4]);

interface Pending {
  connection: Connection;
  message: Uint8Array;
  /** A startup message, a simple query or a Sync: PGlite may be free after it. */
  endsUnit: boolean;
  /** Called once the message has run (the server's own queries). */
  done?: () => void;
}

interface Connection {
  socket: Socket;
  buffer: Buffer;
  started: boolean;
  closed: boolean;
}

export interface WireServer {
  /** Stops listening, drops every connection and waits until PGlite is idle. */
  close(): Promise<void>;
  /**
   * Runs a simple query of the server's own when no connection holds PGlite (between
   * clients' units, never inside a transaction of theirs), unrefused; its answer is dropped.
   */
  runBetweenUnits(text: string): Promise<void>;
}

export interface WireOptions {
  /**
   * Statements this server never lets reach PGlite: a simple query or a Parse whose text it
   * matches is replaced by `refusal`, a statement that fails with the reason (so PostgreSQL
   * itself answers the error and ends a transaction as any failed statement would).
   */
  refuse?: { matches(sql: string): boolean; refusal: string };
}

export function serveWireProtocol(pglite: PGlite, socketPath: string, options: WireOptions = {}): Promise<WireServer> {
  const queue: Pending[] = [];
  const connections = new Set<Connection>();
  let holder: Connection | null = null;
  let running = false;

  async function run(item: Pending) {
    await pglite.runExclusive(() =>
      pglite.execProtocolRawStream(item.message, {
        onRawData: (data) => {
          if (!item.connection.closed) item.connection.socket.write(Buffer.from(data));
        },
      }),
    );
  }

  /**
   * The queued message at `index` and the same connection's messages after it up to the end of
   * its unit, as one: an extended-protocol query (Parse, Bind, Describe, Execute, Sync) arrives
   * at once and goes to PGlite in one call, which reads every message it is given, instead of
   * five calls each paying PGlite's own overhead. A startup message ends its unit, so it goes
   * alone (PGlite reads it apart).
   */
  function takeUnit(index: number): Pending {
    const [first] = queue.splice(index, 1);
    if (first.endsUnit) return first;
    const parts = [first.message];
    let endsUnit = false;
    for (let i = index; i < queue.length && !endsUnit; ) {
      if (queue[i].connection !== first.connection) {
        i += 1;
        continue;
      }
      const [next] = queue.splice(i, 1);
      parts.push(next.message);
      endsUnit = next.endsUnit;
    }
    return { connection: first.connection, message: parts.length === 1 ? first.message : new Uint8Array(Buffer.concat(parts)), endsUnit };
  }

  async function drain() {
    if (running) return;
    running = true;
    try {
      for (;;) {
        const index = holder ? queue.findIndex((p) => p.connection === holder) : 0;
        if (index < 0 || queue.length === 0) break;
        const item = takeUnit(index);
        holder = item.connection;
        await run(item).then(item.done, (err: unknown) => {
          item.connection.socket.destroy(err instanceof Error ? err : new Error(String(err)));
        });
        if (item.endsUnit && !pglite.isInTransaction()) holder = null;
      }
    } finally {
      running = false;
    }
  }

  /** A connection that went away mid-unit must not leave PGlite busy or in its transaction. */
  async function release(connection: Connection) {
    connection.closed = true;
    for (let i = queue.length - 1; i >= 0; i -= 1) if (queue[i].connection === connection) queue.splice(i, 1);
    if (holder !== connection) return;
    while (running) await new Promise((resolve) => setImmediate(resolve));
    // Meanwhile its last unit may have ended and another connection taken PGlite.
    if (holder !== connection) return;
    try {
      await pglite.runExclusive(async () => {
        await pglite.execProtocolRaw(SYNC);
        if (pglite.isInTransaction()) await pglite.execProtocolRaw(simpleQuery('ROLLBACK'));
      });
    } finally {
      holder = null;
      void drain();
    }
  }

  function onData(connection: Connection, chunk: Buffer) {
    connection.buffer = connection.buffer.length ? Buffer.concat([connection.buffer, chunk]) : chunk;
    for (;;) {
      const buffer = connection.buffer;
      if (!connection.started) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        connection.buffer = buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          connection.socket.write('N');
          continue;
        }
        if (code === CANCEL_REQUEST) {
          connection.socket.end();
          return;
        }
        connection.started = true;
        queue.push({ connection, message: startupWithoutOptions(buffer.subarray(0, length)), endsUnit: true });
        continue;
      }
      if (buffer.length < 5) break;
      const length = 1 + buffer.readInt32BE(1);
      if (buffer.length < length) break;
      const type = String.fromCharCode(buffer[0]);
      connection.buffer = buffer.subarray(length);
      if (type === 'X') {
        connection.socket.end();
        return;
      }
      const message = options.refuse ? refused(type, buffer.subarray(0, length), options.refuse) : buffer.subarray(0, length);
      queue.push({ connection, message: new Uint8Array(message), endsUnit: type === 'Q' || type === 'S' });
    }
    void drain();
  }

  const server = createServer((socket) => {
    const connection: Connection = { socket, buffer: Buffer.alloc(0), started: false, closed: false };
    connections.add(connection);
    socket.setNoDelay(true);
    socket.on('data', (chunk) => onData(connection, chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      connections.delete(connection);
      void release(connection);
    });
  });
  /** The server's own connection: it writes nowhere and waits its turn like any other. */
  function runBetweenUnits(text: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = {
        write: () => true,
        destroy: (err?: Error) => reject(err ?? new Error('closed')),
      } as unknown as Socket;
      const own: Connection = { socket, buffer: Buffer.alloc(0), started: true, closed: false };
      queue.push({ connection: own, message: simpleQuery(text), endsUnit: true, done: resolve });
      void drain();
    });
  }

  async function close() {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const connection of connections) connection.socket.destroy();
    await closed;
    while (running || holder) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve({ close, runBetweenUnits });
    });
  });
}

/**
 * A client's startup message may carry settings (`options=-c ...`, or any parameter name) that
 * the one shared session would apply for everyone: only who is connecting is passed on.
 */
function startupWithoutOptions(message: Buffer): Uint8Array {
  const fields = message
    .subarray(8, message.length - 1)
    .toString('utf8')
    .split('\0');
  const kept: string[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === 'user' || fields[i] === 'database') kept.push(fields[i], fields[i + 1]);
  const body = Buffer.from(`${kept.map((field) => `${field}\0`).join('')}\0`, 'utf8');
  const out = Buffer.alloc(8 + body.length);
  out.writeInt32BE(out.length, 0);
  out.writeInt32BE(message.readInt32BE(4), 4);
  body.copy(out, 8);
  return new Uint8Array(out);
}

/** A simple query ('Q') or a Parse ('P') whose statement text the gate refuses becomes the refusal. */
function refused(type: string, message: Buffer, refuse: NonNullable<WireOptions['refuse']>): Buffer {
  if (type === 'Q') {
    const text = message.subarray(5, message.indexOf(0, 5)).toString('utf8');
    return refuse.matches(text) ? Buffer.from(simpleQuery(refuse.refusal)) : message;
  }
  if (type === 'P') {
    const nameEnd = message.indexOf(0, 5);
    const textEnd = message.indexOf(0, nameEnd + 1);
    if (!refuse.matches(message.subarray(nameEnd + 1, textEnd).toString('utf8'))) return message;
    const body = Buffer.concat([message.subarray(5, nameEnd + 1), Buffer.from(`${refuse.refusal}\0`, 'utf8'), Buffer.alloc(2)]);
    const out = Buffer.alloc(5 + body.length);
    out.write('P', 0);
    out.writeInt32BE(4 + body.length, 1);
    body.copy(out, 5);
    return out;
  }
  return message;
}

function simpleQuery(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const message = Buffer.alloc(5 + body.length);
  message.write('Q', 0);
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return new Uint8Array(message);
}
