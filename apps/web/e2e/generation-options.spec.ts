import { expect, test } from '@playwright/test';
import { GENERATION_OPTION_LABELS as LABELS, MESSAGES, publicConfigSchema } from '@baegen/shared';
import { signIn } from './support/auth';
import { createCharacter } from './support/characters';

// The e2e server runs the demo image provider, which offers every option. A provider offering
// fewer is the server's own /api/config answer with less in it, passed through the shared schema.
const WALLET_SEED = 341;

test('the demo offers every option: two landscape images with a negative prompt and a style', async ({
  page,
}) => {
  await signIn(page, WALLET_SEED);
  const character = await createCharacter(page, 'Lena Brook', 'short black hair, green eyes');
  await page.goto(`/media/new/${character.$id}`);
  await page.getByRole('radio', { name: 'Image' }).check();
  const options = page.getByTestId('generation-options');
  await expect(options.getByRole('radio', { name: '4' })).toBeChecked();
  await options.getByText('2', { exact: true }).click();
  await options.getByText(LABELS.aspectRatios.landscape, { exact: true }).click();
  await options.getByLabel(LABELS.style).selectOption({ label: LABELS.styles.cinematic });
  await options.getByLabel(LABELS.negativePrompt).fill('blurry, watermark');
  await page.getByLabel('Prompt', { exact: true }).fill('Walking along a windy beach');
  await page.getByRole('button', { name: 'Generate Images' }).click();

  // The bar follows the provider's steps (the demo waits 3 s in four), not one fixed "Starting".
  const progress = page.getByTestId('generation-progress');
  await expect(progress.getByTestId('generation-phase')).toHaveText('Generating');
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', /^[1-9]\d?$/);

  const results = page.getByRole('button', { name: /^Result \d$/ });
  await expect(results).toHaveCount(2);
  for (const image of await results.locator('img').all()) {
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight))
      .toBeCloseTo(4 / 3, 2);
    const box = (await image.boundingBox())!;
    expect(box.width).toBeGreaterThan(box.height);
  }
  await expect(page.getByTestId('selection-count')).toHaveText('Selected: 0 of 2');

  // The job's address brings back what it was asked for, not the form's defaults.
  await expect(page).toHaveURL(/[?&]job=/);
  await page.reload();
  await expect(results).toHaveCount(2);
  await expect(options.getByRole('radio', { name: '2' })).toBeChecked();
  await expect(options.getByRole('radio', { name: LABELS.aspectRatios.landscape })).toBeChecked();
  await expect(options.getByLabel(LABELS.style)).toHaveValue('cinematic');
  await expect(options.getByLabel(LABELS.negativePrompt)).toHaveValue('blurry, watermark');
});

test('the portrait generator offers the options too, one picture by default', async ({ page }) => {
  await signIn(page, WALLET_SEED + 1);
  await page.goto('/characters/new');
  await page.getByLabel('Character Name').fill('Sol Reyes');
  await page.getByLabel('Appearance Parameters').fill('long silver hair, freckles');
  const options = page.getByTestId('generation-options');
  await expect(options.getByRole('radio', { name: '1' })).toBeChecked();
  await options.getByText(LABELS.aspectRatios.square, { exact: true }).click();
  await options.getByText('2', { exact: true }).click();
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByText(MESSAGES.characters.imageGenerated)).toBeVisible();
  const choices = page.getByRole('group', { name: LABELS.portraitChoices }).getByRole('button');
  await expect(choices).toHaveCount(2);
  await expect(choices.first()).toHaveAttribute('aria-pressed', 'true');
  await choices.nth(1).click();
  await expect(choices.nth(1)).toHaveAttribute('aria-pressed', 'true');
});

test('a video that finishes while its form is open plays there', async ({ page }) => {
  await signIn(page, WALLET_SEED + 2);
  const character = await createCharacter(page, 'Rae Quinn', 'braided brown hair');
  await page.goto(`/media/new/${character.$id}`);
  await page.getByRole('radio', { name: 'Video' }).check();
  await expect(page.getByTestId('generation-options')).toHaveCount(0);
  await page.getByLabel('Prompt', { exact: true }).fill('Waving at the camera');
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByText(MESSAGES.media.videoQueued, { exact: false })).toBeVisible();
  await expect(page.getByText(/^About \d+ s left$/)).toHaveCount(0);
  const video = page.getByTestId('finished-video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
});

test('a provider without negative prompts or sizes: the form offers neither', async ({ page }) => {
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    const config = publicConfigSchema.parse(await response.json());
    const character = { ...config.imageCapabilities.character, negativePrompt: false, aspectRatios: [] };
    const fewer = publicConfigSchema.parse({
      ...config,
      imageCapabilities: { ...config.imageCapabilities, character },
    });
    await route.fulfill({ response, json: fewer });
  });
  await signIn(page, WALLET_SEED + 3);
  const character = await createCharacter(page, 'Ivo Marsh', 'short grey beard');
  await page.goto(`/media/new/${character.$id}`);
  await page.getByRole('radio', { name: 'Image' }).check();
  const options = page.getByTestId('generation-options');
  await expect(options.getByRole('radio', { name: '4' })).toBeChecked();
  await expect(options.getByLabel(LABELS.style)).toBeVisible();
  await expect(options.getByLabel(LABELS.negativePrompt)).toHaveCount(0);
  await expect(options.getByText(LABELS.aspectRatios.landscape, { exact: true })).toHaveCount(0);
});
