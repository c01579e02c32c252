import { type Page, expect, test } from '@playwright/test';
import { type Character, MESSAGES } from '@baegen/shared';
import { signIn } from './support/auth';
import { createCharacter } from './support/characters';

// Each test signs in with a wallet of its own, so its jobs and media are the only ones it sees.
const WALLET_SEED = 91;

async function startJob(page: Page, character: Character, type: 'Image' | 'Video', prompt: string) {
  await page.goto(`/media/new/${character.$id}`);
  await page.getByRole('radio', { name: type }).check();
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);
  await page.getByRole('button', { name: `Generate ${type === 'Image' ? 'Images' : 'Video'}` }).click();
  await expect(page).toHaveURL(/[?&]job=/);
}

test('image jobs keep running while the user is elsewhere and wait to be saved', async ({ page }) => {
  await signIn(page, WALLET_SEED);
  const character = await createCharacter(page, 'Ivy Marsh', 'curly red hair');
  await startJob(page, character, 'Image', 'Reading in a sunlit library');
  await expect(page.getByTestId('generation-progress')).toBeVisible();

  // Away from the form the header still counts the running job and links back to it.
  await page.getByRole('link', { name: 'Characters' }).first().click();
  await expect(page).toHaveURL(/\/characters$/);
  const indicator = page.getByRole('button', { name: 'Generations in progress: 1' });
  await expect(indicator).toBeVisible();
  await indicator.click();
  const row = page.getByTestId('active-generation');
  await expect(row).toContainText('Reading in a sunlit library');
  await row.click();
  await expect(page).toHaveURL(/\/media\/new\?job=/);
  await expect(page.getByLabel('Prompt', { exact: true })).toHaveValue('Reading in a sunlit library');
  await expect(page.getByLabel('Character', { exact: true })).toHaveValue(character.$id);

  const results = page.getByRole('button', { name: /^Result \d$/ });
  await expect(results).toHaveCount(4);
  await expect(page.getByRole('button', { name: /Generations in progress/ })).toHaveCount(0);
  await page.reload();
  await expect(results).toHaveCount(4);
  await results.nth(0).click();
  await results.nth(2).click();
  await page.getByRole('button', { name: 'Save Selected Images (2)' }).click();
  await expect(page.getByText(MESSAGES.media.imagesSaved(2))).toBeVisible();
  await expect(page).toHaveURL(/\/media$/);
  await expect(page.getByTestId('media-card')).toHaveCount(2);
});

test('a video job shows its progress in the gallery and becomes a playable card', async ({ page }) => {
  await signIn(page, WALLET_SEED + 1);
  const character = await createCharacter(page, 'Mira Stone', 'curly red hair');
  await startJob(page, character, 'Video', 'Walking through falling snow');
  await expect(page.getByText(MESSAGES.media.videoQueued)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();

  await page.goto('/media');
  const pending = page.getByTestId('pending-video-card');
  await expect(pending).toHaveCount(1);
  await expect(pending.getByRole('progressbar')).toBeVisible();
  await expect(page.getByText(MESSAGES.generations.videoReady)).toBeVisible();
  await expect(pending).toHaveCount(0);
  const card = page.getByTestId('media-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByText('VIDEO', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Play video' }).click();
  await expect(card.getByRole('button', { name: 'Pause video' })).toBeAttached();
});

test('a cancelled job stops and leaves no results', async ({ page }) => {
  await signIn(page, WALLET_SEED + 2);
  const character = await createCharacter(page, 'Nell Hart', 'curly red hair');
  await startJob(page, character, 'Image', 'Painting at an easel');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(MESSAGES.generations.cancelled)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Images' })).toBeEnabled();
  await expect(page.getByRole('button', { name: /^Result \d$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Generations in progress/ })).toHaveCount(0);

  // Well past the 3 s the job would have taken: still nothing to pick from, and nothing saved.
  await page.waitForTimeout(4000);
  await expect(page.getByRole('button', { name: /^Result \d$/ })).toHaveCount(0);
  const jobs = await page.request.get('/api/generations?status=finished');
  const { documents } = (await jobs.json()) as { documents: { status: string; outputs: string[] }[] };
  expect(documents).toEqual([expect.objectContaining({ status: 'cancelled', outputs: [] })]);
  await page.goto('/media');
  await expect(page.getByRole('heading', { name: MESSAGES.media.emptyTitle })).toBeVisible();
});

test('on a phone the list of running jobs stays on screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, WALLET_SEED + 1);
  const character = await createCharacter(page, 'Ada Finch', 'curly red hair');
  await startJob(page, character, 'Image', 'Painting by the sea');
  await page.getByRole('button', { name: 'Generations in progress: 1' }).click();
  const row = page.getByTestId('active-generation');
  await expect(row).toBeVisible();
  const box = await row.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
});
