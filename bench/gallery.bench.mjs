// The gallery at 10,000 media in Chromium at 1440 x 900: what the first screen of /media transfers
// (beside what it would with the original pictures in its cards, as before previews) and the most
// DOM nodes while scrolling through every page (beside a grid that kept every loaded card).
/* global window, document */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/test-support.mjs';
import { kb, signIn, startServer } from './support.mjs';

/** @public Read by bench/run.mjs. */
export const name = 'gallery at 10,000 media (targets: first screen <= 600 kB, < 1,500 DOM nodes)';

const MEDIA = 10_000;
const STORED = 12;
const TRANSFER_TARGET = 600_000;
const DOM_TARGET = 1500;
const SCROLL_BUDGET_MS = 90_000;

async function seed(url, cookie) {
  const request = async (route, body) => {
    const res = await fetch(`${url}${route}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${route} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const character = await request('/api/characters', { name: 'Iris Vale', appearance: 'long dark hair' });
  const save = (prompt, picture) =>
    request('/api/media', {
      characterId: character.$id,
      type: 'image',
      prompt,
      url: picture,
      thumbnail: picture,
    });
  for (let start = 0; start < MEDIA - STORED; start += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, MEDIA - STORED - start) }, (_, i) => {
        const n = start + i;
        return save(`Avatar study number ${n}`, `/api/avatars/shapes?seed=study-${n}&size=128`);
      }),
    );
  }
  // The newest, so first on screen: full-size pictures the demo provider draws and stores.
  for (let i = 0; i < STORED; i += 1) {
    const { urls } = await request('/api/generate/image', { prompt: `harbour ${i}` });
    await save(`Harbour at dawn, take ${i}`, urls[0]);
  }
}

async function openGallery(browser, url, cookie) {
  const session = await (await fetch(`${url}/api/auth/session`, { headers: { cookie } })).json();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const [cookieName, cookieValue] = cookie.split('=');
  await context.addCookies([{ name: cookieName, value: cookieValue, url }]);
  await context.addInitScript(
    (state) => {
      localStorage.setItem('auth-storage', JSON.stringify({ state, version: 0 }));
    },
    { isAuthenticated: true, ...session },
  );
  const page = await context.newPage();
  await page.goto(`${url}/media`);
  await page.getByTestId('media-card').first().waitFor();
  await page.waitForLoadState('networkidle');
  return { context, page };
}

/** Bytes the first screen moved, and what its cards' pictures would weigh as the originals. */
async function firstScreen(page, url, cookie) {
  const transferred = await page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].reduce(
      (sum, entry) => sum + entry.transferSize,
      0,
    ),
  );
  const shown = await page
    .getByTestId('media-card')
    .getByRole('img')
    .evaluateAll((imgs) =>
      imgs
        .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
        .map((img) => ({
          preview: img.currentSrc,
          original: img.currentSrc.replace(/\/preview\?.*$/, '/view'),
        })),
    );
  const bytes = async (src) =>
    (await (await fetch(new URL(src, url), { headers: { cookie } })).arrayBuffer()).byteLength;
  let previews = 0;
  let originals = 0;
  for (const image of shown) {
    previews += await bytes(image.preview);
    originals += await bytes(image.original);
  }
  return { transferred, withOriginals: transferred - previews + originals, pictures: shown.length };
}

async function scrollThrough(page) {
  const domSize = () => page.evaluate(() => document.getElementsByTagName('*').length);
  const perCard = await page
    .getByTestId('media-card')
    .first()
    .evaluate((card) => card.getElementsByTagName('*').length + 1);
  let largest = await domSize();
  const started = performance.now();
  let loaded = 0;
  while (performance.now() - started < SCROLL_BUDGET_MS) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(120);
    largest = Math.max(largest, await domSize());
    loaded = await page.evaluate(() => {
      const last = [...document.querySelectorAll('[data-testid="media-card"] h2')].at(-1)?.textContent ?? '';
      return Number(/number (\d+)/.exec(last)?.[1] ?? Number.NaN);
    });
    if (loaded === 0) break;
  }
  return { largest, perCard, reachedEnd: loaded === 0, seconds: (performance.now() - started) / 1000 };
}

/** @public Read by bench/run.mjs. */
export async function run() {
  const server = await startServer({ env: { DEMO_DELAY_MS: '0', AUTH_RATE_LIMIT_MAX: '100000' } });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const cookie = await signIn(server.url);
    await seed(server.url, cookie);
    const { context, page } = await openGallery(browser, server.url, cookie);
    const screen = await firstScreen(page, server.url, cookie);
    const scroll = await scrollThrough(page);
    await context.close();
    return [
      `first screen of /media: ${kb(screen.transferred)} in total, ${screen.pictures} pictures in view -> ` +
        `${screen.transferred <= TRANSFER_TARGET ? 'met' : 'NOT met'} | with the originals in those cards: ${kb(screen.withOriginals)}`,
      `most DOM nodes while scrolling ${scroll.reachedEnd ? 'to the oldest of' : `${scroll.seconds.toFixed(0)} s through`} ${MEDIA} media: ` +
        `${scroll.largest} -> ${scroll.largest < DOM_TARGET ? 'met' : 'NOT met'}` +
        ` | every card kept (${scroll.perCard} nodes each): ~${scroll.perCard * MEDIA} nodes`,
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
