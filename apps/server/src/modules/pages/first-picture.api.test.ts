import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { type ProxiedApp, appBehindCutProxy } from '../../test/cut-proxy';
import { TEST_DIALECT, createTestWallet, signIn } from '../../test/test-app';
import { useTestApp } from '../../test/test-hooks';

const INDEX_HTML = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const SIZES = 'calc(100vw - 2rem)';
const READS = { '/dashboard': ['/api/characters?limit=3'], '/media': ['/api/media?limit=100'] };

/** The image preload a page carries, if any: its href. */
const announced = (html: string) =>
  /<link rel="preload" as="image"[^>]* href="([^"]+)"/.exec(html)?.[1] ?? null;
const previewOf = (fileId: string) => `/api/files/${fileId}/preview?width=480&amp;output=webp`;

/** A built web app's page and route tables, in a temporary folder. */
function webDist() {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-pages-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(distDir, 'route-reads.json'), JSON.stringify(READS));
  const routes = ['/dashboard', '/media', '/media/new', '/media/:id', '/characters'];
  fs.writeFileSync(
    path.join(distDir, 'route-preloads.json'),
    JSON.stringify(Object.fromEntries(routes.map((route) => [route, []]))),
  );
  fs.writeFileSync(
    path.join(distDir, 'route-pictures.json'),
    JSON.stringify({
      '/dashboard': { list: 'characters', sizes: SIZES },
      '/media': { list: 'media', sizes: SIZES },
      '/media/:id': { item: 'media' },
    }),
  );
  return distDir;
}

describe(`a signed-in page announces its user's first picture (${TEST_DIALECT})`, () => {
  const distDir = webDist();
  const ctx = useTestApp({}, { webDistDir: distDir });
  let moment = Date.parse('2026-01-01T00:00:00.000Z');
  afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

  /** Rows written straight to the tables, each newer than the last: the lists' own suites test them. */
  async function addCharacter(userId: string, imageUrl: string) {
    moment += 1000;
    await ctx.database.db
      .insertInto('characters')
      .values({
        id: newId(),
        user_id: userId,
        name: 'Luna',
        description: '',
        attributes: '{}',
        image_url: imageUrl,
        created_at: new Date(moment).toISOString(),
        updated_at: null,
      })
      .execute();
  }
  async function addMedia(userId: string, type: 'image' | 'video', url: string) {
    moment += 1000;
    const id = newId();
    await ctx.database.db
      .insertInto('media')
      .values({
        id,
        user_id: userId,
        character_id: 'gone',
        type,
        prompt: 'at the observatory',
        url,
        thumbnail: '',
        file_id: null,
        created_at: new Date(moment).toISOString(),
        generation: null,
      })
      .execute();
    return id;
  }

  let headers: Record<string, string>;
  let userId: string;
  beforeAll(async () => {
    ({ headers, userId } = await signIn(ctx.app, createTestWallet(201)));
  });

  const page = async (url: string, cookie = headers) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: cookie });
    expect(res.statusCode, url).toBe(200);
    // A page naming the user's picture is theirs alone; the others are the same for everyone.
    expect(res.headers['cache-control'], url).toBe(announced(res.body) ? 'private, no-cache' : 'no-cache');
    expect(res.headers.vary, url).toMatch(/cookie/i);
    return res.body;
  };

  it('is none while the list is empty, and the newest stored picture once there is one', async () => {
    expect(announced(await page('/dashboard'))).toBeNull();
    await addCharacter(userId, '/api/files/older_1/view');
    await addCharacter(userId, '/api/files/newer_2/view');
    const html = await page('/dashboard');
    expect(announced(html)).toBe(previewOf('newer_2'));
    expect(html).toContain(`imagesizes="${SIZES}"`);
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/characters?limit=3">');
    // A query changes what the page shows, and the plain page of another path has no first picture.
    expect(announced(await page('/dashboard?favorite=true'))).toBeNull();
    expect(announced(await page('/characters'))).toBeNull();
  });

  it('is none for a newest picture stored elsewhere, which the card shows as it is', async () => {
    await addCharacter(userId, 'https://images.example.com/luna.png');
    expect(announced(await page('/dashboard'))).toBeNull();
  });

  it("is the gallery's newest image, and none when its newest is a video", async () => {
    await addMedia(userId, 'image', '/api/files/image_3/view');
    expect(announced(await page('/media'))).toBe(previewOf('image_3'));
    await addMedia(userId, 'video', '/api/files/video_4/view');
    expect(announced(await page('/media'))).toBeNull();
  });

  it("is the viewer's own picture, whole, whatever the gallery's query; none for a video or no item", async () => {
    const image = await addMedia(userId, 'image', '/api/files/image_6/view');
    const video = await addMedia(userId, 'video', '/api/files/video_7/view');
    const elsewhere = await addMedia(userId, 'image', 'https://cdn.example.com/a.png');
    for (const url of [`/media/${image}`, `/media/${image}?type=image&q=dusk`]) {
      const html = await page(url);
      expect(html, url).toContain(
        '<link rel="preload" as="image" fetchpriority="high" href="/api/files/image_6/view">',
      );
    }
    const missing = ['/media/no_such_item', '/media/new', `/media/${'x'.repeat(2000)}`];
    for (const url of [`/media/${video}`, `/media/${elsewhere}`, ...missing]) {
      expect(announced(await page(url)), url).toBeNull();
    }
  });

  it("is never another user's, nor anyone's for a session that is not valid", async () => {
    const other = await signIn(ctx.app, createTestWallet(202));
    const mine = await addMedia(userId, 'image', '/api/files/image_5/view');
    expect(announced(await page('/media', other.headers))).toBeNull();
    expect(announced(await page(`/media/${mine}`, other.headers))).toBeNull();
    const stale = await page('/media', { cookie: 'baegen_session=not-a-session' });
    expect(announced(stale)).toBeNull();
    expect(stale).toContain('<link rel="preload" as="fetch" crossorigin href="/api/media?limit=100">');
    expect(announced(await page('/media', {}))).toBeNull();
  });
});

if (TEST_DIALECT === 'postgres') {
  describe('a signed-in page while its database is away', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-pages-faults-'));
    const distDir = webDist();
    let proxied: ProxiedApp;
    let headers: Record<string, string>;

    beforeAll(async () => {
      proxied = await appBehindCutProxy(dataDir, { webDistDir: distDir });
      ({ headers } = await signIn(proxied.app, createTestWallet(203)));
    });

    afterAll(async () => {
      await proxied.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(distDir, { recursive: true, force: true });
    });

    it('is sent at once, with its reads and without the picture, when the database stalls or is cut', async () => {
      for (const fault of ['stall', 'cut'] as const) {
        const { app, proxy } = proxied;
        if (fault === 'stall') proxy.stall();
        else await proxy.cut();
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url: '/dashboard', headers });
        expect(res.statusCode, fault).toBe(200);
        expect(performance.now() - started, fault).toBeLessThan(1000);
        expect(res.body, fault).toContain(
          '<link rel="preload" as="fetch" crossorigin href="/api/characters?limit=3">',
        );
        expect(announced(res.body), fault).toBeNull();
        await proxy.restore();
      }
    });
  });
}
