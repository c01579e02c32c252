import { type Page, expect, test } from '@playwright/test';
import { type Character, MESSAGES, SAMPLE_VIDEO_URL } from '@baegen/shared';
import { signIn } from './support/auth';

test.use({ viewport: { width: 1440, height: 800 } });

async function seed(page: Page) {
  const characters: Character[] = [];
  for (const name of ['Opal Reed', 'Juno Vale', 'Kit Harrow']) {
    const res = await page.request.post('/api/characters', {
      data: { name, appearance: 'wavy hair', description: 'A traveller who maps forgotten islands.' },
    });
    characters.push((await res.json()) as Character);
  }
  const generated = await page.request.post('/api/generate/image', { data: { prompt: 'a quiet harbour' } });
  const [url] = ((await generated.json()) as { urls: string[] }).urls;
  const media = [
    { type: 'image', prompt: 'Harbour at dawn', url, thumbnail: url },
    { type: 'video', prompt: 'Walking the pier', url: SAMPLE_VIDEO_URL, thumbnail: '' },
  ];
  for (const item of media) {
    const res = await page.request.post('/api/media', { data: { characterId: characters[0]!.$id, ...item } });
    expect(res.status(), await res.text()).toBe(201);
  }
  return characters;
}

/** The page's cumulative layout shift while its lists load (held back 800 ms to show skeletons). */
async function layoutShift(page: Page, route: string) {
  await page.route('**/api/{characters,media}**', async (handled) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await handled.fallback();
  });
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await page.unroute('**/api/{characters,media}**');
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((entries) => {
          for (const entry of entries.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 100);
      }),
  );
}

test('lists load without shifting the page', async ({ page }) => {
  await signIn(page, 71);
  await seed(page);
  for (const route of ['/dashboard', '/characters', '/media']) {
    expect(await layoutShift(page, route), route).toBeLessThanOrEqual(0.02);
  }
});

test('portraits fill their 3:4 card frames and show whole in the form preview', async ({ page }) => {
  await signIn(page, 72);
  const [character] = await seed(page);
  const frames = [
    {
      fit: 'cover',
      open: async () => {
        await page.goto('/characters');
        return page.getByTestId('character-card').first().getByRole('img').first();
      },
    },
    {
      fit: 'contain',
      open: async () => {
        await page.goto(`/characters/edit/${character!.$id}`);
        return page.getByRole('img', { name: `Preview of ${character!.name}` });
      },
    },
  ];
  for (const frame of frames) {
    const image = await frame.open();
    await expect(image).toBeVisible();
    const { fit, ratio } = await image.evaluate((img) => ({
      fit: getComputedStyle(img).objectFit,
      ratio: img.getBoundingClientRect().width / img.getBoundingClientRect().height,
    }));
    expect(fit).toBe(frame.fit);
    expect(ratio).toBeCloseTo(3 / 4, 2);
  }
});

test('image and video cards line their Download buttons up', async ({ page }) => {
  await signIn(page, 73);
  await seed(page);
  await page.goto('/media');
  const downloads = page.getByTestId('media-card').getByRole('button', { name: /^Download/ });
  await expect(downloads).toHaveCount(2);
  const [first, second] = await Promise.all([downloads.nth(0).boundingBox(), downloads.nth(1).boundingBox()]);
  expect(first!.y).toBeCloseTo(second!.y, 0);
});

test('a search over a larger collection says how many match', async ({ page }) => {
  await signIn(page, 74);
  await seed(page);
  await page.goto('/characters');
  await page.getByRole('searchbox', { name: 'Search characters' }).fill('juno');
  await expect(page.getByText(MESSAGES.list.matches(1))).toBeVisible();
  await expect(page.getByText('Showing 1 of 1')).toHaveCount(0);
});

test('"Save Selected Images" stays on screen on a desktop while results are shown', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 700 });
  await signIn(page, 75);
  const [character] = await seed(page);
  await page.goto(`/media/new/${character!.$id}`);
  await page.getByLabel('Prompt', { exact: true }).fill('Sketching by a window');
  await page.getByRole('button', { name: 'Generate Images' }).click();
  await page.getByRole('button', { name: 'Result 1' }).click();
  await page.getByRole('heading', { name: 'Generated Images' }).scrollIntoViewIfNeeded();
  const save = page.getByRole('button', { name: 'Save Selected Images (1)' });
  await expect(save).toBeInViewport();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('the landing page shows its sample art as AVIF without shifting the page', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/sample-art/')) fetched.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    const strip = page.getByRole('region', { name: /anywhere/ });
    const pictures = strip.getByRole('img');
    await expect(pictures).toHaveCount(6);
    // Below the fold on a phone: the first screen is the headline and its call to action.
    expect((await strip.boundingBox())!.y).toBeGreaterThan(667);
    await strip.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        pictures.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    // Two columns of about 170 px at 1x: the 240 px AVIF, never the WebP fallback or the 2x file.
    expect(fetched.length).toBeGreaterThanOrEqual(6);
    expect(fetched.every((path) => /-240\.avif$/.test(path))).toBe(true);
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((entries) => {
            for (const entry of entries.getEntries() as (PerformanceEntry & { value: number })[]) {
              total += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 100);
        }),
    );
    expect(shift).toBeLessThanOrEqual(0.02);
  });
});
