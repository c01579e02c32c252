import fs from 'node:fs/promises';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { LIST_LIMIT, MEDIA_TITLE_PREVIEW, MESSAGES, truncate } from '@baegen/shared';
import { signIn } from './support/auth';
import { createCharacter } from './support/characters';

// A wallet of its own, so the counts below see only what this spec creates.
const WALLET_SEED = 61;
const LUNA = 'Luna Vale';
const NOVA = 'Nova Reyes';
// Shorter than the 60-character title cut, so the card's title holds all of it.
const IMAGE_PROMPT = 'Sunset picnic on a quiet beach, golden hour light';
const VIDEO_PROMPT = 'Dancing in the rain under neon signs';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

function cards(page: Page) {
  return page.getByTestId('media-card');
}

async function imageLoaded(image: Locator) {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

test('images and a video are made, filtered, downloaded, deleted and counted', async ({ page }) => {
  await signIn(page, WALLET_SEED);
  const luna = await createCharacter(page, LUNA, 'long silver hair, violet eyes');
  const nova = await createCharacter(page, NOVA, 'short black bob, freckles');

  // From the character card's "Image" button to the media form, preselected.
  await page.goto('/characters');
  await page
    .getByTestId('character-card')
    .filter({ hasText: LUNA })
    .getByRole('link', { name: `Image of ${LUNA}` })
    .click();
  await expect(page).toHaveURL(`/media/new/${luna.$id}?type=image`);
  await expect(page.getByRole('heading', { name: 'Create AI Media' })).toBeVisible();
  await expect(page.getByLabel('Character', { exact: true })).toHaveValue(luna.$id);
  const preview = page.getByTestId('character-preview');
  await expect(preview.getByText(LUNA)).toBeVisible();
  await imageLoaded(preview.getByRole('img', { name: LUNA }));

  await page.getByRole('radio', { name: 'Image' }).check();
  await page.getByRole('button', { name: 'Generate Images' }).click();
  await expect(page.getByText(MESSAGES.media.enterPrompt)).toBeVisible();

  await page.getByLabel('Prompt', { exact: true }).fill(IMAGE_PROMPT);
  await page.getByRole('button', { name: 'Generate Images' }).click();
  const results = page.getByRole('button', { name: /^Result \d$/ });
  await expect(results).toHaveCount(4);
  await expect(page.getByText('Selected: 0 of 4')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Selected Images (0)' })).toBeDisabled();
  for (const image of await results.locator('img').all()) await imageLoaded(image);

  // "Generate New" clears the results and the selection.
  await results.nth(0).click();
  await expect(page.getByText('Selected: 1 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Generate New' }).click();
  await expect(results).toHaveCount(0);
  await page.getByRole('button', { name: 'Generate Images' }).click();
  await expect(results).toHaveCount(4);
  await expect(page.getByText('Selected: 0 of 4')).toBeVisible();

  // Mouse and keyboard both toggle a result.
  await results.nth(1).click();
  await results.nth(3).focus();
  await page.keyboard.press('Space');
  await expect(results.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(results.nth(3)).toHaveAttribute('aria-pressed', 'true');
  await results.nth(2).click();
  await results.nth(2).click();
  await expect(results.nth(2)).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('Selected: 2 of 4')).toBeVisible();
  const chosen = await Promise.all([1, 3].map((i) => results.nth(i).locator('img').getAttribute('src')));

  await page.getByRole('button', { name: 'Save Selected Images (2)' }).click();
  await expect(page.getByText(MESSAGES.media.imagesSaved(2))).toBeVisible();
  await expect(page).toHaveURL(/\/media$/);
  await expect(cards(page)).toHaveCount(2);
  const savedUrls = await cards(page)
    .getByRole('link', { name: 'View Full Image' })
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(savedUrls.sort()).toEqual([...chosen].sort());
  for (const card of await cards(page).all()) {
    await expect(card.getByText('IMAGE', { exact: true })).toBeVisible();
    await expect(card.getByText(LUNA)).toBeVisible();
    await expect(
      card.getByRole('heading', { name: truncate(IMAGE_PROMPT, MEDIA_TITLE_PREVIEW) }),
    ).toBeVisible();
    await expect(card.getByRole('link', { name: 'View Full Image' })).toHaveAttribute('target', '_blank');
  }

  // The video is a generation job: the form says it started, then that it is ready.
  await page.goto(`/media/new/${nova.$id}`);
  await page.getByRole('radio', { name: 'Video' }).check();
  await page.getByLabel('Prompt', { exact: true }).fill(VIDEO_PROMPT);
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByText(MESSAGES.media.videoQueued)).toBeVisible();
  await page.getByRole('link', { name: 'Open gallery' }).first().click();
  await expect(page).toHaveURL(/\/media$/);
  await expect(cards(page)).toHaveCount(3);
  const videoCard = cards(page).filter({ hasText: 'VIDEO' });
  await expect(videoCard).toHaveCount(1);
  await expect(videoCard.getByText(NOVA)).toBeVisible();
  await expect(videoCard.locator('video')).toHaveAttribute('poster', nova.imageUrl);
  await videoCard.getByRole('button', { name: 'Play video' }).click();
  await expect(videoCard.getByRole('button', { name: 'Pause video' })).toBeAttached();
  await videoCard.getByRole('button', { name: 'Pause video' }).click();
  await expect(videoCard.getByRole('button', { name: 'Play video' })).toBeVisible();

  // Filters: type, character, text; chips; the URL keeps them.
  await page.getByRole('tab', { name: 'Videos' }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(page).toHaveURL(/[?&]type=video/);
  await expect(page.getByText('Type: Videos')).toBeVisible();

  await page.getByRole('tab', { name: 'All Media' }).click();
  await page.getByLabel('Character', { exact: true }).selectOption({ label: LUNA });
  await expect(cards(page)).toHaveCount(2);
  await expect(page).toHaveURL(new RegExp(`[?&]character=${luna.$id}`));
  await page.getByRole('tab', { name: 'Videos' }).click();
  await expect(page.getByRole('heading', { name: MESSAGES.media.emptyTitle })).toBeVisible();
  await page.getByRole('button', { name: 'Remove filter Type: Videos' }).click();
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByText(`Character: ${LUNA}`)).toBeVisible();

  await page.reload();
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByLabel('Character', { exact: true })).toHaveValue(luna.$id);

  const search = page.getByRole('searchbox', { name: 'Search media' });
  await search.fill('NEON');
  await expect(page.getByRole('heading', { name: MESSAGES.media.emptyTitle })).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=NEON/);
  await page.getByRole('button', { name: 'Clear all' }).first().click();
  await expect(cards(page)).toHaveCount(3);
  await expect(search).toHaveValue('');
  await expect(page).toHaveURL(/\/media$/);

  // Text matches the prompt or the character's name.
  await search.fill('nova');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(VIDEO_PROMPT);
  await search.fill('golden HOUR');
  await expect(cards(page)).toHaveCount(2);
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goBack();
  await expect(search).toHaveValue('golden HOUR');
  await expect(cards(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove filter Search: "golden HOUR"' }).click();
  await expect(cards(page)).toHaveCount(3);
  await expect(search).toHaveValue('');

  // Download: "media_<id>.jpg" (media have no title) holding JPEG bytes, whatever the stored format.
  const imageCard = cards(page).filter({ hasText: 'IMAGE' }).first();
  const mediaId = await imageCard.getAttribute('data-media-id');
  const url = await imageCard.getByRole('link', { name: 'View Full Image' }).getAttribute('href');
  // The card itself shows a sized WebP preview of the stored picture.
  await expect(imageCard.getByRole('img')).toHaveAttribute('src', /\/preview\?width=\d+&output=webp$/);
  await expect
    .poll(() => imageCard.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    imageCard.getByRole('button', { name: /Download/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`media_${mediaId}.jpg`);
  const saved = await fs.readFile(await download.path());
  const served = await (await page.request.get(url!)).body();
  expect(served.subarray(0, 4)).toEqual(PNG_MAGIC);
  expect(saved.subarray(0, 3)).toEqual(JPEG_MAGIC);
  await expect(imageCard.getByRole('button', { name: /Download/ })).toBeEnabled();

  const videoId = await videoCard.getAttribute('data-media-id');
  const [videoDownload] = await Promise.all([
    page.waitForEvent('download'),
    videoCard.getByRole('button', { name: /Download/ }).click(),
  ]);
  expect(videoDownload.suggestedFilename()).toBe(`media_${videoId}.mp4`);

  // Delete one image.
  await imageCard.getByRole('button', { name: /^Delete media/ }).click();
  const dialog = page.getByRole('dialog', { name: MESSAGES.media.deleteTitle });
  await expect(dialog.getByText(MESSAGES.media.deleteConfirm)).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MESSAGES.media.deleted)).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  await expect(page.locator(`[data-media-id="${mediaId}"]`)).toHaveCount(0);
  expect((await page.request.get(url!)).status()).toBe(404);

  // The dashboard counts on the server and lists the recents, newest first.
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByTestId('stat-Characters')).toContainText('2');
  await expect(page.getByTestId('stat-Videos')).toContainText('1');
  await expect(page.getByTestId('stat-Images')).toContainText('1');
  await expect(page.getByTestId('stat-Total Media')).toContainText('2');
  await expect(page.getByTestId('recent-character')).toHaveText([new RegExp(NOVA), new RegExp(LUNA)]);
  await expect(page.getByTestId('recent-media')).toHaveText([
    new RegExp(VIDEO_PROMPT),
    new RegExp(IMAGE_PROMPT),
  ]);
  await page.getByRole('link', { name: 'View All Recent Media' }).click();
  await expect(page).toHaveURL(/\/media$/);
});

test('the media form asks for a character and the dashboard shows its empty states', async ({ page }) => {
  await signIn(page, WALLET_SEED + 1);
  await expect(page.getByText(MESSAGES.dashboard.noCharacters)).toBeVisible();
  await expect(page.getByText(MESSAGES.dashboard.noMedia)).toBeVisible();
  await expect(page.getByTestId('stat-Total Media')).toContainText('0');

  await createCharacter(page, 'Unpicked', 'straight black hair');
  await page.getByRole('link', { name: 'Generate Media' }).click();
  await expect(page).toHaveURL(/\/media\/new$/);
  await page.getByLabel('Prompt', { exact: true }).fill('anything');
  await page.getByRole('button', { name: 'Generate Images' }).click();
  await expect(page.getByText(MESSAGES.media.selectCharacter)).toBeVisible();

  await page.goto('/media');
  await expect(page.getByRole('heading', { name: MESSAGES.media.emptyTitle })).toBeVisible();
});

test('more than 100 media are reachable with "Load more" as well as by scrolling', async ({ page }) => {
  await signIn(page, WALLET_SEED + 2);
  const character = await createCharacter(page, 'Prolific', 'wavy auburn hair');
  const count = LIST_LIMIT + 1;
  for (let index = 0; index < count; index += 1) {
    const res = await page.request.post('/api/media', {
      data: { characterId: character.$id, type: 'image', prompt: `Pose ${index}`, url: character.imageUrl },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/media');
  await expect(page.getByText(`${count} items`)).toBeVisible();
  // Only the rows near the screen are drawn, however many are loaded.
  expect(await cards(page).count()).toBeLessThan(LIST_LIMIT);
  // Scrolled into view, the button brings the last rows on screen, which ask for the next page on
  // their own and then take the button away: a click that scrolls first races that. The click is
  // dispatched where the button stands instead.
  await page.getByRole('button', { name: 'Load more' }).dispatchEvent('click');
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(cards(page).last()).toContainText('Pose 0');
});

test('failures show their messages', async ({ page }) => {
  await signIn(page, WALLET_SEED + 3);
  const character = await createCharacter(page, 'Fragile', 'pale blonde hair');
  const serverError = { status: 500, json: { error: { code: 'INTERNAL_ERROR', message: 'x' } } };

  await page.route('**/api/generations', (route) =>
    route.request().method() === 'POST' ? route.fulfill(serverError) : route.fallback(),
  );
  await page.goto(`/media/new/${character.$id}`);
  await page.getByLabel('Prompt', { exact: true }).fill('In a garden');
  await page.getByRole('button', { name: 'Generate Images' }).click();
  await expect(page.getByText(MESSAGES.media.generateFailed)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Images' })).toBeEnabled();
  await page.unroute('**/api/generations');

  await page.route('**/api/media', (route) =>
    route.request().method() === 'POST' ? route.fulfill(serverError) : route.fallback(),
  );
  await page.getByRole('button', { name: 'Generate Images' }).click();
  await page.getByRole('button', { name: 'Result 1' }).click();
  await page.getByRole('button', { name: 'Save Selected Images (1)' }).click();
  await expect(page.getByText(MESSAGES.media.imagesSaveFailed)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/media/new/${character.$id}\\?job=`));
  await expect(page.getByRole('button', { name: 'Save Selected Images (1)' })).toBeEnabled();
  await page.unroute('**/api/media');

  await page.route('**/api/media?*', (route) => route.fulfill(serverError));
  await page.goto('/media');
  await expect(page.getByText(MESSAGES.media.loadFailed).first()).toBeVisible();
  await page.unroute('**/api/media?*');

  await page.route('**/api/media/stats', (route) => route.fulfill(serverError));
  await page.goto('/dashboard');
  await expect(page.getByText(MESSAGES.dashboard.loadFailed).first()).toBeVisible();
});
