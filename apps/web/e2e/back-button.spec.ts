import { expect, test } from '@playwright/test';
import { MESSAGES } from '@baegen/shared';
import { signIn } from './support/auth';
import { createCharacter, deployCharacter } from './support/characters';

test('Back after Deploy Character brings back a usable form', async ({ page }) => {
  await signIn(page, 41);
  await deployCharacter(page, 'Wren Hollow', 'short white hair, amber eyes');
  await expect(page.getByText(MESSAGES.characters.created)).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/characters\/new$/);
  await expect(page.getByText('Saving character...')).toHaveCount(0, { timeout: 2000 });
  await expect(page.getByLabel('Character Name')).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Deploy Character' })).toBeEnabled();
});

test('Back after Update Character brings back a usable form', async ({ page }) => {
  await signIn(page, 42);
  await deployCharacter(page, 'Sable Finch', 'black curls, silver rings');
  await page.getByRole('link', { name: 'Edit Sable Finch' }).click();
  await expect(page.getByRole('heading', { name: 'Modify AI Character' })).toBeVisible();
  await page.getByLabel('Background Description').fill('A clockmaker.');
  await page.getByRole('button', { name: 'Update Character' }).click();
  await expect(page).toHaveURL(/\/characters$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/characters\/edit\//);
  await expect(page.getByText('Saving character...')).toHaveCount(0, { timeout: 2000 });
  await expect(page.getByLabel('Background Description')).toHaveValue('A clockmaker.');
  await expect(page.getByRole('button', { name: 'Update Character' })).toBeEnabled();
});

test('Back after Save Selected Images shows the saved images as saved, and they are not saved twice', async ({
  page,
}) => {
  await signIn(page, 43);
  const character = await createCharacter(page, 'Mara Dune', 'red braid');
  await page.goto(`/media/new/${character.$id}`);
  await page.getByLabel('Prompt', { exact: true }).fill('Reading in a window seat');
  await page.getByRole('button', { name: 'Generate Images' }).click();
  await page.getByRole('button', { name: 'Result 1' }).click();
  await page.getByRole('button', { name: 'Result 2' }).click();
  await page.getByRole('button', { name: 'Save Selected Images (2)' }).click();
  await expect(page.getByText(MESSAGES.media.imagesSaved(2))).toBeVisible();
  await expect(page).toHaveURL(/\/media$/);
  await expect(page.getByTestId('media-card')).toHaveCount(2);

  await page.goBack();
  await expect(page).toHaveURL(/\?job=/);
  for (const name of ['Result 1, saved', 'Result 2, saved']) {
    await expect(page.getByRole('button', { name })).toBeDisabled();
  }
  await expect(page.getByRole('button', { name: 'Save Selected Images (0)' })).toBeDisabled();

  await page.getByRole('button', { name: 'Result 3' }).click();
  await page.getByRole('button', { name: 'Save Selected Images (1)' }).click();
  await expect(page.getByText(MESSAGES.media.imagesSaved(1))).toBeVisible();
  await expect(page.getByTestId('media-card')).toHaveCount(3);
});
