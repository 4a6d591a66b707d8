/**
 * The framework's own ceiling: Fastify (the app's framework, no plugin, no database) sending the
 * same bytes from memory, beside the bare Node server. What separates it from the bare server
 * is Fastify's own cost per request; what separates the app from it is the app's work.
 * `node --import tsx bench/fastify-server.ts LIST_FILE` prints `listening <port>` on 127.0.0.1.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const listBody = readFileSync(process.argv[2]);
const app = Fastify({ logger: false });
app.get('/list', (_request, reply) => reply.type('application/json; charset=utf-8').send(listBody));
app.get('/healthz', () => ({ status: 'ok' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${new URL(address).port}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
