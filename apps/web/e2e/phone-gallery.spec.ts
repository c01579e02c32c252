import { type Locator, type Page, expect, test } from '@playwright/test';
import {
  FAVORITE_LABELS,
  MESSAGES,
  type Media,
  PROVENANCE_TEXT,
  SAMPLE_VIDEO_URL,
  VIEWER_LABELS,
} from '@baegen/shared';
import { signIn } from './support/auth';
import { createCharacter } from './support/characters';

// In every prompt, so a repeated run on the same server tells its own records from earlier ones.
const RUN = Math.random().toString(36).slice(2, 8);

async function createMedia(page: Page, data: Pick<Media, 'characterId' | 'type' | 'prompt' | 'url'>) {
  const res = await page.request.post('/api/media', { data });
  expect(res.status(), await res.text()).toBe(201);
}

/** A character with two images and a video; the gallery lists the video first (newest). */
async function seedGallery(page: Page, seed: number) {
  await signIn(page, seed);
  const character = await createCharacter(page, 'Mira Thumb', 'short black hair');
  for (const name of ['one', 'two']) {
    await createMedia(page, {
      characterId: character.$id,
      type: 'image',
      prompt: `Phone ${name} ${RUN}`,
      url: character.imageUrl,
    });
  }
  await createMedia(page, {
    characterId: character.$id,
    type: 'video',
    prompt: `Phone clip ${RUN}`,
    url: SAMPLE_VIDEO_URL,
  });
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  expect(found, 'laid out').not.toBeNull();
  return found!;
};

type Box = Awaited<ReturnType<typeof box>>;
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** In select mode, the card's checkbox and its delete button both show, apart. */
async function expectCheckboxClearOfDelete(page: Page, title: string) {
  await page.getByRole('button', { name: MESSAGES.bulk.select, exact: true }).click();
  const checkbox = page.getByRole('checkbox', { name: MESSAGES.bulk.selectItem(title), exact: true });
  const card = page.getByTestId('media-card').filter({ hasText: title });
  const remove = card.getByRole('button', { name: `Delete media: ${title}`, includeHidden: true });
  // The checkbox is the whole card; its visible box is the square inside it.
  const square = checkbox.locator('span');
  await expect(square).toBeVisible();
  await expect(remove).toBeVisible();
  expect(overlaps(await box(square), await box(remove))).toBe(false);
}

test.describe('at 375 x 812', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('two columns of thumbnails, every action of a card within reach', async ({ page }) => {
    await seedGallery(page, 361);
    await page.goto('/media');
    const cards = page.getByTestId('media-card').filter({ hasText: RUN });
    await expect(cards).toHaveCount(3);

    const [first, second] = [await box(cards.nth(0)), await box(cards.nth(1))];
    expect(Math.abs(first.y - second.y)).toBeLessThan(2);
    expect(second.x).toBeGreaterThan(first.x + first.width);
    expect(second.x + second.width).toBeLessThanOrEqual(375);
    // Three items fit on the first screen and a half, not three screens.
    expect(first.height).toBeLessThan(360);

    const title = `Phone two ${RUN}`;
    const card = cards.filter({ hasText: title });
    const actions = [
      card.getByRole('button', { name: `Download ${title}` }),
      card.getByRole('link', { name: 'View Full Image' }),
      card.getByRole('button', { name: `${FAVORITE_LABELS.add}: ${title}` }),
      card.getByRole('button', { name: PROVENANCE_TEXT.infoLabel(title) }),
      card.getByRole('button', { name: `Delete media: ${title}` }),
    ];
    for (const action of actions) {
      await expect(action).toBeVisible();
      const { x, width } = await box(action);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x + width).toBeLessThanOrEqual(375);
      expect(width).toBeGreaterThanOrEqual(24);
    }
    await expect(card.getByRole('link', { name: 'View Full Image' })).toHaveAttribute('target', '_blank');

    await actions[4]!.tap();
    const dialog = page.getByRole('dialog', { name: MESSAGES.media.deleteTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).tap();
    await expect(dialog).toBeHidden();

    await actions[2]!.tap();
    await expect(card.getByRole('button', { name: `${FAVORITE_LABELS.remove}: ${title}` })).toBeVisible();

    // A tap on the thumbnail opens the viewer with the details.
    await card.getByRole('link', { name: VIEWER_LABELS.open(title) }).tap();
    await expect(page).toHaveURL(/\/media\/[^/?]+/);
  });

  test('select mode: the checkbox sits clear of the delete button', async ({ page }) => {
    await seedGallery(page, 362);
    await page.goto('/media');
    await expectCheckboxClearOfDelete(page, `Phone one ${RUN}`);
  });
});

test('at 1440 x 900 the gallery keeps its columns and select mode leaves Delete in sight', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await seedGallery(page, 363);
  await page.goto('/media');
  const cards = page.getByTestId('media-card').filter({ hasText: RUN });
  await expect(cards).toHaveCount(3);
  const [first, third] = [await box(cards.nth(0)), await box(cards.nth(2))];
  expect(Math.abs(first.y - third.y)).toBeLessThan(2);
  // The labelled Download button across the card, as before.
  const download = await box(cards.nth(1).getByRole('button', { name: /^Download / }));
  expect(download.width).toBeGreaterThan(first.width / 2);
  await expectCheckboxClearOfDelete(page, `Phone one ${RUN}`);
});
