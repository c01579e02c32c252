import { type Page, expect, test } from '@playwright/test';
import { LIST_LIMIT, defaultAvatarUrl } from '@baegen/shared';
import { signIn } from './support/auth';

test.use({ viewport: { width: 1440, height: 900 } });

const MANY = 6 * LIST_LIMIT + 20;
const STORED = 12;
/** The server's default GENERATION_MAX_ACTIVE: a user's generations running at once. */
const GENERATION_MAX_ACTIVE = 3;

/**
 * A large gallery: `MANY` records showing small server-drawn avatars, then, newest and so first on
 * screen, `STORED` records of full-size generated pictures.
 */
async function seedGallery(page: Page) {
  const character = await (
    await page.request.post('/api/characters', { data: { name: 'Iris Vale', appearance: 'long dark hair' } })
  ).json();
  // Straight from the test process with the page's session: far quicker than page.request for
  // hundreds of records.
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const origin = new URL(page.url()).origin;
  const post = async (url: string, prompt: string) => {
    const res = await fetch(`${origin}/api/media`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ characterId: character.$id, type: 'image', prompt, url, thumbnail: url }),
    });
    expect(res.status, await res.text()).toBe(201);
  };
  for (let start = 0; start < MANY; start += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, MANY - start) }, (_, i) =>
        post(defaultAvatarUrl(`iris-${start + i}`), `Avatar study number ${start + i}`),
      ),
    );
  }
  // Each demo generation takes 3 s here, so they run side by side, as many as one user may run at once.
  for (let start = 0; start < STORED; start += GENERATION_MAX_ACTIVE) {
    const generated = await Promise.all(
      Array.from({ length: Math.min(GENERATION_MAX_ACTIVE, STORED - start) }, (_, i) =>
        page.request.post('/api/generate/image', { data: { prompt: `harbour ${start + i}` } }),
      ),
    );
    for (const [i, res] of generated.entries()) {
      expect(res.status(), await res.text()).toBe(200);
      const [url] = ((await res.json()) as { urls: string[] }).urls;
      await post(url!, `Harbour at dawn, take ${start + i}`);
    }
  }
}

const domSize = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length);
const cards = (page: Page) => page.getByTestId('media-card');

test('a gallery of hundreds loads light previews and keeps the page small while scrolling', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 85);
  await seedGallery(page);

  await page.goto('/media');
  await expect(cards(page).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The first screen: the page, its code and styles, the first list page and the previews in view.
  const transferred = await page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
      .map((entry) => (entry as PerformanceResourceTiming).transferSize)
      .reduce((sum, size) => sum + size, 0),
  );
  expect(transferred).toBeLessThanOrEqual(600_000);
  const previews = await cards(page)
    .getByRole('img')
    .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).currentSrc));
  expect(previews.slice(0, 4).every((src) => /\/preview\?width=\d+&output=webp$/.test(src))).toBe(true);

  // Scrolling to the very end loads every page, while the document stays the same small size.
  const oldest = page.getByText('Avatar study number 0', { exact: true });
  let largest = await domSize(page);
  for (let step = 0; step < 60 && !(await oldest.isVisible()); step += 1) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(150);
    largest = Math.max(largest, await domSize(page));
  }
  for (const share of [0.25, 0.5, 0.75]) {
    await page.evaluate((at) => window.scrollTo(0, document.body.scrollHeight * at), share);
    await expect(cards(page).first()).toBeVisible();
    largest = Math.max(largest, await domSize(page));
  }
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByText('Avatar study number 0', { exact: true })).toBeVisible();
  expect(largest).toBeLessThan(1500);
  expect(await cards(page).count()).toBeLessThan(60);
  await expect(page.getByText(`${MANY + STORED} items`)).toBeVisible();
});
