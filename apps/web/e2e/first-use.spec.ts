import { expect, test } from '@playwright/test';
import { MESSAGES, PAGE_HEADINGS } from '@baegen/shared';
import { signIn } from './support/auth';
import { createCharacter } from './support/characters';

// Wallets of their own, so each test starts from an empty account.
const WALLET_SEED = 101;

test('a character card opens the media form with its own type chosen', async ({ page }) => {
  await signIn(page, WALLET_SEED);
  const ivy = await createCharacter(page, 'Ivy Marlow', 'long red hair');
  const card = page.getByTestId('character-card').filter({ hasText: 'Ivy Marlow' });
  const video = page.getByRole('radio', { name: 'Video' });
  const image = page.getByRole('radio', { name: 'Image' });

  await page.goto('/characters');
  await card.getByRole('link', { name: 'Video of Ivy Marlow' }).click();
  await expect(page).toHaveURL(`/media/new/${ivy.$id}?type=video`);
  await expect(page.getByLabel('Character', { exact: true })).toHaveValue(ivy.$id);
  await expect(video).toBeChecked();
  await expect(page.getByRole('button', { name: 'Generate Video' })).toBeVisible();

  await page.goBack();
  await card.getByRole('link', { name: 'Image of Ivy Marlow' }).click();
  await expect(page).toHaveURL(`/media/new/${ivy.$id}?type=image`);
  await expect(image).toBeChecked();
  await expect(video).not.toBeChecked();
});

test('the media form with no character yet leads to creating one', async ({ page }) => {
  await signIn(page, WALLET_SEED + 1);
  await page.getByRole('link', { name: 'Generate Media' }).click();
  await expect(page).toHaveURL(/\/media\/new$/);
  await expect(page.getByRole('heading', { name: MESSAGES.dashboard.noCharacters })).toBeVisible();
  await expect(page.getByText(MESSAGES.media.needsCharacter)).toBeVisible();
  await expect(page.getByLabel('Prompt', { exact: true })).toHaveCount(0);

  await page.getByRole('main').getByRole('link', { name: 'Create Character' }).click();
  await expect(page).toHaveURL(/\/characters\/new$/);
  await expect(page.getByRole('heading', { name: PAGE_HEADINGS.newCharacter })).toBeVisible();
});

test('every page has a document title of its own', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Create Your Dream Bae · BaeGen');
  await page.goto('/login');
  await expect(page).toHaveTitle('Login to BaeGen');

  await signIn(page, WALLET_SEED + 2);
  const zoe = await createCharacter(page, 'Zoe Hart', 'long red hair');
  const titles: [path: string, title: string][] = [
    ['/dashboard', 'Dashboard · BaeGen'],
    ['/characters', 'My Characters · BaeGen'],
    ['/characters/new', 'Create AI Character · BaeGen'],
    [`/characters/edit/${zoe.$id}`, 'Modify AI Character · BaeGen'],
    ['/media', 'My Media · BaeGen'],
    ['/media/new', 'Create AI Media · BaeGen'],
    [`/media/new/${zoe.$id}`, 'Create AI Media · BaeGen'],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
  // Moving inside the app (no reload) changes it too.
  await page.getByRole('link', { name: 'Characters' }).first().click();
  await expect(page).toHaveTitle('My Characters · BaeGen');
});
