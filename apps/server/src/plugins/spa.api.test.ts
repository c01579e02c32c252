import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CONFIG_ELEMENT_ID } from '@baegen/shared/contract';
import { buildApp } from '../app';
import { SESSION_COOKIE } from '../modules/auth/auth.plugin';
import { loadEnv } from '../config/env';
import { migrateToLatest } from '../db/client';
import { TEST_DIALECT, createTestDatabase } from '../test/test-app';

const INDEX_HTML = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const ASSET_JS = 'console.log("app");';
const FIRST_READ = '/api/media?limit=6';
const READ_LINK = `<link rel="preload" as="fetch" crossorigin href="${FIRST_READ}">`;

describe(`SPA serving (${TEST_DIALECT})`, () => {
  let app: FastifyInstance;
  let tempDir: string;
  let dropDatabase: () => Promise<void>;
  let closeDatabase: () => Promise<void>;

  beforeAll(async () => {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-spa-'));
    const distDir = path.join(tempDir, 'dist');
    fs.mkdirSync(path.join(distDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), ASSET_JS);
    fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(ASSET_JS));
    fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js.gz'), gzipSync(ASSET_JS));
    fs.writeFileSync(path.join(distDir, 'route-reads.json'), JSON.stringify({ '/dashboard': [FIRST_READ] }));
    fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

    const dataDir = path.join(tempDir, 'data');
    const { database, env: databaseEnv, drop } = await createTestDatabase(dataDir);
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...databaseEnv });
    await migrateToLatest(database.db);
    dropDatabase = drop;
    closeDatabase = () => database.close();
    app = await buildApp({ env, database, webDistDir: distDir });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await closeDatabase();
    await dropDatabase();
    fs.rmSync(tempDir, { recursive: true, force: true });
  });

  it('serves hashed assets with a long-lived immutable cache header', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(ASSET_JS);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's precompressed copy to a client that accepts it", async () => {
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(decode(res.rawPayload).toString()).toBe(ASSET_JS);
    }
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  /** index.html as the server sends it: with `GET /api/config`'s answer in its head. */
  const page = async () => {
    const config = await app.inject({ method: 'GET', url: '/api/config' });
    const block = `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${config.body}</script>`;
    return INDEX_HTML.replace('</head>', `${block}</head>`);
  };

  it('serves index.html at / with no-cache, carrying the public settings', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(await page());
    expect(res.body).toContain('"devWallet":');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a reload on a client route with index.html', async () => {
    for (const url of [
      '/dashboard',
      '/characters/edit/abc',
      '/media/new/xyz?tab=1',
      '/media/abc123?q=x&type=image',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(await page());
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("announces a page's first reads to a request with a session cookie, and to no other", async () => {
    const cookie = { cookie: `${SESSION_COOKIE}=anything` };
    const signedIn = await app.inject({ method: 'GET', url: '/dashboard', headers: cookie });
    expect(signedIn.body).toBe((await page()).replace('</head>', `${READ_LINK}</head>`));
    expect(signedIn.headers.vary).toMatch(/cookie/i);
    for (const [url, headers] of [
      ['/dashboard', {}],
      ['/dashboard?sort=oldest', cookie],
      ['/media', cookie],
      ['/dashboard', { cookie: 'other=1' }],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.body, url).toBe(await page());
    }
  });

  it('revalidates other files outside /assets', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('still answers unknown /api paths with a JSON 404', async () => {
    for (const url of ['/api/nope', '/api']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json<{ error: { code: string } }>().error.code, url).toBe('NOT_FOUND');
    }
  });

  it('does not fall back to index.html for non-GET requests', async () => {
    const res = await app.inject({ method: 'POST', url: '/dashboard', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('NOT_FOUND');
  });
});
