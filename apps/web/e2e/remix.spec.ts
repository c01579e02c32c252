import { expect, test } from '@playwright/test';
import { MEDIA_TITLE_PREVIEW, MESSAGES, PROVENANCE_TEXT, truncate } from '@baegen/shared';
import { signIn } from './support/auth';
import { createCharacter } from './support/characters';

// A wallet of its own, so the one saved image is the only media this test sees.
const WALLET_SEED = 147;

test('Remix opens the media form with the character, type and prompt of a saved image', async ({ page }) => {
  await signIn(page, WALLET_SEED);
  const character = await createCharacter(page, 'Wren Hollow', 'short silver hair');
  const prompt = 'Sketching by a rain-streaked café window';

  await page.goto(`/media/new/${character.$id}`);
  await page.getByRole('radio', { name: 'Image' }).check();
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);
  await page.getByRole('button', { name: 'Generate Images' }).click();
  const results = page.getByRole('button', { name: /^Result \d$/ });
  await expect(results).toHaveCount(4);
  await results.nth(1).click();
  await page.getByRole('button', { name: 'Save Selected Images (1)' }).click();
  await expect(page.getByText(MESSAGES.media.imagesSaved(1))).toBeVisible();
  await expect(page).toHaveURL(/\/media$/);

  const card = page.getByTestId('media-card');
  await expect(card).toHaveCount(1);
  const info = card.getByRole('button', {
    name: PROVENANCE_TEXT.infoLabel(truncate(prompt, MEDIA_TITLE_PREVIEW)),
  });
  await info.click();
  const details = page.getByRole('dialog', { name: PROVENANCE_TEXT.panelTitle });
  await expect(details).toBeVisible();
  // Escape closes it and gives focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);
  await expect(info).toBeFocused();
  await info.click();
  const values = details.getByRole('definition');
  await details.getByText(PROVENANCE_TEXT.technicalDetails).click();
  await expect(values.getByText('demo', { exact: true })).toBeVisible();
  await expect(values.getByText(prompt, { exact: true })).toBeVisible();

  await details.getByRole('link', { name: PROVENANCE_TEXT.remix }).click();
  await expect(page).toHaveURL(new RegExp(`/media/new/${character.$id}\\?type=image&prompt=`));
  await expect(page.getByLabel('Character', { exact: true })).toHaveValue(character.$id);
  await expect(page.getByRole('radio', { name: 'Image' })).toBeChecked();
  await expect(page.getByLabel('Prompt', { exact: true })).toHaveValue(prompt);
});
