// `npm start`: build the client when there is no build or the sources are newer than it,
// then run the server (TypeScript via tsx).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const clientDir = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
const builtIndex = path.join(clientDir, 'index.html');

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['client', 'common'].map((dir) => newestChange(dir));
const stale = !existsSync(builtIndex) || Math.max(...sources, statSync('vite.config.ts').mtimeMs) > statSync(builtIndex).mtimeMs;
if (stale) {
  console.log('Building the client (a few seconds)...');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', clientDir, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
// `npm start` runs this through `sh -c`, and a SIGTERM to npm ends that shell without passing
// the signal on: when whoever started this goes away, the server stops too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) server.kill('SIGTERM');
}, 500).unref();
