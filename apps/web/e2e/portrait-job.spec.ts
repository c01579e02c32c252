import { type Page, expect, test } from '@playwright/test';
import { type Character, FORM_TEXT, type GenerationList, MESSAGES } from '@baegen/shared';
import { signIn } from './support/auth';

// Each test signs in with a wallet of its own, so its jobs are the only ones it sees.
const WALLET_SEED = 191;

async function startPortrait(page: Page, seed: number) {
  await signIn(page, seed);
  await page.goto('/characters/new');
  await page.getByLabel('Character Name').fill('Wren Hollow');
  await page.getByLabel('Appearance Parameters').fill('short black hair, hazel eyes, denim jacket');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page).toHaveURL(/\/characters\/new\?portraitJob=[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('progressbar', { name: 'Generation progress' })).toBeVisible();
}

async function finishedJobs(page: Page) {
  const res = await page.request.get('/api/generations?status=finished');
  expect(res.status()).toBe(200);
  return ((await res.json()) as GenerationList).documents;
}

test('a portrait job survives a reload and its picture fills the field', async ({ page }) => {
  await startPortrait(page, WALLET_SEED);
  const jobUrl = page.url();

  await page.reload();
  await expect(page).toHaveURL(jobUrl);
  await expect(page.getByRole('progressbar', { name: 'Generation progress' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generating...' })).toBeDisabled();

  await expect(page.getByText(MESSAGES.characters.imageGenerated)).toBeVisible();
  const field = page.getByRole('group', { name: 'Character Image URL' });
  await expect(field.getByText(MESSAGES.characters.portraitGenerated)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Generation progress' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Generations in progress/ })).toHaveCount(0);
  const [job] = await finishedJobs(page);
  expect(job).toMatchObject({ kind: 'image', status: 'succeeded', characterId: null });

  // The reload lost what was typed, not the portrait: fill the rest and save it with the picture.
  await page.getByLabel('Character Name').fill('Wren Hollow');
  await page.getByLabel('Appearance Parameters').fill('short black hair, hazel eyes, denim jacket');
  await page.getByRole('button', { name: 'Deploy Character' }).click();
  await expect(page.getByText(MESSAGES.characters.created)).toBeVisible();
  const list = await page.request.get('/api/characters');
  const { documents } = (await list.json()) as { documents: Character[] };
  expect(documents.map((character) => character.imageUrl)).toEqual([job!.outputs[0]]);
});

test('cancelling a portrait job stops it and leaves the field as it was', async ({ page }) => {
  await startPortrait(page, WALLET_SEED + 1);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();

  await expect(page.getByRole('progressbar', { name: 'Generation progress' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Generate', exact: true })).toBeEnabled();
  await expect(page.getByLabel('Character Image URL')).toHaveValue('');

  // Well past the 3 s the job would have taken: no picture came, and the job ended cancelled.
  await page.waitForTimeout(4000);
  await expect(page.getByLabel('Character Image URL')).toHaveValue('');
  await expect(page.getByText(MESSAGES.characters.imageGenerated)).toHaveCount(0);
  expect(await finishedJobs(page)).toEqual([
    expect.objectContaining({ kind: 'image', status: 'cancelled', outputs: [] }),
  ]);
});

test('a portrait that ends while the user is elsewhere leads back to the character form', async ({
  page,
}) => {
  await startPortrait(page, WALLET_SEED + 2);
  await page.getByRole('link', { name: 'Characters', exact: true }).first().click();
  // The form holds typed text: leaving it asks first.
  await page
    .getByRole('dialog', { name: FORM_TEXT.leaveTitle })
    .getByRole('button', { name: FORM_TEXT.leaveConfirm })
    .click();
  await expect(page).toHaveURL(/\/characters$/);

  const ready = page.getByText(MESSAGES.generations.imageReady);
  await expect(ready).toBeVisible();
  await page.getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/characters\/new\?portraitJob=[A-Za-z0-9_-]+$/);
  const field = page.getByRole('group', { name: 'Character Image URL' });
  await expect(field.getByText(MESSAGES.characters.portraitGenerated)).toBeVisible();
});
