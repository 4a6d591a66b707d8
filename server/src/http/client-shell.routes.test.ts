import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { type Database, openDatabase } from '../db/client';
import { TEST_SESSION_SECRET } from '../test/factory';

/** The built client served beside the API (@fastify/static), as `npm start` does. */
let app: App;
let database: Database;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'sop-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>SOP Harbor</title><div id="root"></div>');
  writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log("SOP Harbor");');
  database = await openDatabase({ dataDir: 'memory://' });
  app = await buildApp({ db: database.db, sessionSecret: TEST_SESSION_SECRET, clientDir });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the client shell', () => {
  it('serves built assets as files', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toBe('console.log("SOP Harbor");');
  });

  it('answers every screen route with index.html, never cached without revalidation', async () => {
    const response = await app.inject({ method: 'GET', url: '/documents', cookies: { theme: 'dark' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No such endpoint: GET /api/no-such-thing', code: 'not_found' });
  });
});
