/**
 * The yardstick: a bare Node HTTP server (no framework, no database) run as its own process,
 * given the same bytes the app sends. `node --import tsx bench/bare-server.ts LIST_FILE DOWNLOAD_FILE
 * [LIST_HEADERS_FILE]` prints `listening <port>` on 127.0.0.1. With LIST_HEADERS_FILE (a JSON
 * object), /list is sent with those headers (the app's answer's own: its head as well as its body),
 * else with only its type and length.
 */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';

const [listFile, downloadFile, listHeadersFile] = process.argv.slice(2);
const listBody = readFileSync(listFile);
const listHeaders = {
  ...(listHeadersFile ? JSON.parse(readFileSync(listHeadersFile, 'utf8')) : { 'content-type': 'application/json; charset=utf-8' }),
  'content-length': listBody.length,
};
const downloadSize = statSync(downloadFile).size;

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/list') {
    response.writeHead(200, listHeaders);
    return response.end(listBody);
  }
  if (request.method === 'GET' && request.url === '/download') {
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': downloadSize });
    return createReadStream(downloadFile).pipe(response);
  }
  if (request.method === 'POST' && request.url === '/upload') {
    request.resume();
    return request.on('end', () => response.writeHead(201, { 'content-type': 'application/json' }).end('{}'));
  }
  if (request.method === 'GET' && request.url === '/healthz') {
    return response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
  }
  response.writeHead(404).end();
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
