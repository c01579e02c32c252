import { type Page, expect, test } from '@playwright/test';
import {
  type Character,
  type Media,
  PAGE_HEADINGS,
  ROUTES,
  SAMPLE_VIDEO_URL,
  VIEWER_LABELS,
  defaultAvatarUrl,
  documentTitle,
} from '@baegen/shared';
import { signIn } from './support/auth';

// Wallets of their own, so the gallery holds only what each test creates.
const WALLET_SEEDS = { keyboard: 301, touch: 302, elsewhere: 451 };
// Oldest first; the gallery lists them newest first.
const IMAGES = ['Aurora over the harbour', 'Beacon on the rocks', 'Cinder lane market'];

async function post<T>(page: Page, path: string, data: object): Promise<T> {
  const res = await page.request.post(path, { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

/** Three images and a video of Vela, and an image of someone else. */
async function seed(page: Page) {
  const vela = await post<Character>(page, '/api/characters', {
    name: 'Vela Nox',
    appearance: 'silver braid',
  });
  const other = await post<Character>(page, '/api/characters', { name: 'Oren Tal', appearance: 'red coat' });
  const image = (characterId: string, prompt: string) => {
    const url = defaultAvatarUrl(prompt);
    return post<Media>(page, '/api/media', { characterId, type: 'image', prompt, url, thumbnail: url });
  };
  const images: Media[] = [];
  for (const prompt of IMAGES) {
    images.push(await image(vela.$id, prompt));
    // Apart in time, so the order above is the creation order.
    await page.waitForTimeout(20);
  }
  const video = await post<Media>(page, '/api/media', {
    characterId: vela.$id,
    type: 'video',
    prompt: 'Drift over the dunes',
    url: SAMPLE_VIDEO_URL,
    thumbnail: '',
  });
  const elsewhere = await image(other.$id, 'Echo in the hall');
  return { vela, images, video, elsewhere };
}

const viewer = (page: Page) => page.getByTestId('media-viewer');
const viewerTitle = (page: Page) => viewer(page).getByRole('heading');

test('the viewer opens from the gallery, steps through the filtered list by keyboard, reloads and closes back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, WALLET_SEEDS.keyboard);
  const { vela, images, video, elsewhere } = await seed(page);
  const filters = `?type=image&character=${vela.$id}`;

  await page.goto(`/media${filters}`);
  await expect(page.getByTestId('media-card')).toHaveCount(3);
  const opener = page.getByRole('link', { name: VIEWER_LABELS.open(IMAGES[1]!) });
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/media/${images[1]!.$id}${filters}`);
  await expect(viewer(page)).toBeVisible();
  await expect(viewerTitle(page)).toHaveText(IMAGES[1]!);
  await expect(viewer(page).getByText(VIEWER_LABELS.position(2, 3))).toBeVisible();
  await expect(viewer(page).getByRole('button', { name: VIEWER_LABELS.close })).toBeFocused();
  await expect(viewer(page).getByRole('img', { name: IMAGES[1] })).toBeVisible();

  // Newest first: right goes to the older one; past the end nothing moves.
  await page.keyboard.press('ArrowRight');
  await expect(viewerTitle(page)).toHaveText(IMAGES[0]!);
  await expect(page).toHaveURL(`/media/${images[0]!.$id}${filters}`);
  await page.keyboard.press('ArrowRight');
  await expect(viewer(page).getByText(VIEWER_LABELS.position(3, 3))).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(viewerTitle(page)).toHaveText(IMAGES[1]!);
  await page.keyboard.press('ArrowLeft');
  await expect(viewerTitle(page)).toHaveText(IMAGES[2]!);
  await expect(viewer(page).getByText(VIEWER_LABELS.position(1, 3))).toBeVisible();
  await expect(page).toHaveURL(`/media/${images[2]!.$id}${filters}`);

  await page.reload();
  await expect(viewerTitle(page)).toHaveText(IMAGES[2]!);
  await expect(page).toHaveTitle(documentTitle(IMAGES[2]!));
  await expect(viewer(page).getByText(VIEWER_LABELS.position(1, 3))).toBeVisible();

  // Escape returns to the gallery with its filters, focus on the card last shown.
  await page.keyboard.press('Escape');
  await expect(viewer(page)).toBeHidden();
  await expect(page).toHaveURL(`/media${filters}`);
  await expect(page).toHaveTitle(documentTitle(PAGE_HEADINGS.media));
  await expect(page.getByTestId('media-card')).toHaveCount(3);
  await expect(page.getByRole('link', { name: VIEWER_LABELS.open(IMAGES[2]!) })).toBeFocused();

  // A link to a media the filtered list does not hold still shows it; a video plays with controls.
  await page.goto(`/media/${elsewhere.$id}${filters}`);
  await expect(viewerTitle(page)).toHaveText('Echo in the hall');
  await page.goto(`/media/${video.$id}`);
  await expect(viewer(page).locator('video')).toHaveAttribute('controls', '');

  await page.goto(`/media/no-such-media${filters}`);
  await expect(viewer(page).getByRole('heading', { name: VIEWER_LABELS.notFoundTitle })).toBeVisible();
  await viewer(page).getByRole('button', { name: VIEWER_LABELS.backToGallery }).click();
  await expect(page).toHaveURL(`/media${filters}`);
  await expect(page.getByTestId('media-card')).toHaveCount(3);
});

test('a swipe on a phone goes to the next and the previous media', async ({ browser }, testInfo) => {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    hasTouch: true,
    isMobile: true,
    viewport: { width: 375, height: 812 },
  });
  const page = await context.newPage();
  await signIn(page, WALLET_SEEDS.touch);
  const { vela, images } = await seed(page);
  const filters = `?type=image&character=${vela.$id}`;

  await page.goto(`/media/${images[2]!.$id}${filters}`);
  await expect(viewerTitle(page)).toHaveText(IMAGES[2]!);
  const stage = viewer(page).getByTestId('viewer-stage');
  const box = (await stage.boundingBox())!;
  const y = box.y + box.height / 2;
  const swipe = async (fromX: number, toX: number) => {
    const touch = { pointerType: 'touch', pointerId: 7, isPrimary: true };
    await stage.dispatchEvent('pointerdown', { ...touch, clientX: fromX, clientY: y });
    await stage.dispatchEvent('pointerup', { ...touch, clientX: toX, clientY: y + 10 });
  };

  await swipe(box.x + box.width - 40, box.x + 40);
  await expect(viewerTitle(page)).toHaveText(IMAGES[1]!);
  await expect(page).toHaveURL(`/media/${images[1]!.$id}${filters}`);
  await swipe(box.x + 40, box.x + box.width - 40);
  await expect(viewerTitle(page)).toHaveText(IMAGES[2]!);
  // A short move is a tap, not a swipe.
  await swipe(box.x + 100, box.x + 80);
  await expect(viewer(page).getByText(VIEWER_LABELS.position(1, 3))).toBeVisible();
  await expect(viewerTitle(page)).toHaveText(IMAGES[2]!);
  await context.close();
});

test('the dashboard and a profile open the viewer too, and Escape returns there', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, WALLET_SEEDS.elsewhere);
  const { vela, images, elsewhere } = await seed(page);

  await page.goto(ROUTES.dashboard);
  await page.getByTestId('recent-media').filter({ hasText: IMAGES[2]! }).click();
  await expect(page).toHaveURL(`/media/${images[2]!.$id}`);
  await expect(viewerTitle(page)).toHaveText(IMAGES[2]!);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(ROUTES.dashboard);

  // From her profile, the viewer steps through her media only: Oren's picture is not among them.
  await page.goto(ROUTES.character(vela.$id));
  await page.getByRole('link', { name: VIEWER_LABELS.open(IMAGES[0]!) }).click();
  await expect(page).toHaveURL(`/media/${images[0]!.$id}?character=${vela.$id}`);
  await expect(viewer(page).getByText(VIEWER_LABELS.position(4, 4))).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewerTitle(page)).toHaveText(IMAGES[0]!);
  await expect(page).not.toHaveURL(new RegExp(elsewhere.$id));
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(ROUTES.character(vela.$id));
});
