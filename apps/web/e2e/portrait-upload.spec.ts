import { type Page, expect, test } from '@playwright/test';
import { MESSAGES, UPLOAD_CHUNK_BYTES, fileIdFromUrl, previewSources } from '@baegen/shared';
import { signIn } from './support/auth';

/** A 1×1 PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function openNewCharacter(page: Page, seed: number) {
  await signIn(page, seed);
  await page.goto('/characters/new');
  await page.getByLabel('Character Name').fill('Mira Stone');
  await page.getByLabel('Appearance Parameters').fill('short silver hair, amber eyes');
}

/**
 * Drops a PNG of random noise (large enough to need several chunks) on the portrait field, the way
 * a file dragged from the desktop arrives.
 */
async function dropNoisePng(page: Page) {
  const dataTransfer = await page.evaluateHandle(async (side) => {
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const context = canvas.getContext('2d')!;
    const pixels = context.createImageData(side, side);
    crypto.getRandomValues(pixels.data.subarray(0, 65536));
    for (let offset = 65536; offset < pixels.data.length; offset += 65536) {
      crypto.getRandomValues(pixels.data.subarray(offset, offset + 65536));
    }
    context.putImageData(pixels, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], 'noise.png', { type: 'image/png' }));
    return transfer;
  }, 1400);
  const size = await dataTransfer.evaluate((transfer: DataTransfer) => transfer.files[0]!.size);
  expect(size).toBeGreaterThan(UPLOAD_CHUNK_BYTES);
  const zone = page.getByTestId('portrait-drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

test('a photo uploaded with the button becomes the portrait and is saved with the character', async ({
  page,
}) => {
  await openNewCharacter(page, 81);
  await page.getByLabel('Portrait photo file').setInputFiles({
    name: 'mira.png',
    mimeType: 'image/png',
    buffer: TINY_PNG,
  });
  const field = page.getByRole('group', { name: 'Character Image URL' });
  await expect(field.getByText(MESSAGES.characters.portraitUploaded)).toBeVisible();
  await expect(page.getByText(MESSAGES.characters.photoUploaded)).toBeVisible();
  const preview = page.getByRole('img', { name: 'Preview of Mira Stone' });
  await expect(preview).toHaveAttribute('src', /^\/api\/files\/[A-Za-z0-9_-]+\/view$/);
  const url = (await preview.getAttribute('src'))!;

  // Still editable as a URL.
  await field.getByRole('button', { name: 'Edit URL' }).click();
  await expect(page.getByLabel('Character Image URL')).toHaveValue(url);
  await expect(page.getByLabel('Character Image URL')).toBeFocused();

  await page.getByRole('button', { name: 'Deploy Character' }).click();
  await expect(page).toHaveURL(/\/characters$/);
  const card = page.getByTestId('character-card').filter({ hasText: 'Mira Stone' });
  // On the card, as a preview sized to it.
  await expect(card.getByRole('img', { name: 'Mira Stone' })).toHaveAttribute(
    'src',
    previewSources(url)!.src,
  );

  await card.getByRole('link', { name: 'Edit Mira Stone' }).click();
  await expect(
    page.getByRole('group', { name: 'Character Image URL' }).getByText(MESSAGES.characters.portraitUploaded),
  ).toBeVisible();
});

test('a large photo dropped on the field uploads in chunks with a progress bar', async ({ page }) => {
  await openNewCharacter(page, 82);
  const chunks: string[] = [];
  // Each chunk is held a moment so the bar can be seen moving.
  await page.route('**/api/files?**', async (route) => {
    chunks.push(route.request().headers()['content-range'] ?? '');
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await dropNoisePng(page);
  const bar = page.getByRole('progressbar', { name: 'Uploading photo' });
  await expect(bar).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deploy Character' })).toBeDisabled();
  await expect(page.getByText(MESSAGES.characters.portraitUploaded)).toBeVisible({ timeout: 20_000 });
  await expect(bar).toBeHidden();
  expect(chunks.length).toBeGreaterThan(1);
  expect(chunks.every((range) => /^bytes \d+-\d+\/\d+$/.test(range))).toBe(true);
  const preview = page.getByRole('img', { name: 'Preview of Mira Stone' });
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 1400))
    .toBe(true);
});

test('a cancelled upload stops, leaves the field as it was and deletes the part sent', async ({ page }) => {
  await openNewCharacter(page, 86);
  let firstAnswer: { $id: string } | null = null;
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/files?**', async (route) => {
    if (route.request().headers()['x-file-id']) {
      await held;
      // The browser has dropped the request by now; the route may already be gone with it.
      await route.abort().catch(() => undefined);
      return;
    }
    const response = await route.fetch();
    firstAnswer = (await response.json()) as { $id: string };
    await route.fulfill({ response });
  });
  await dropNoisePng(page);
  await expect.poll(() => firstAnswer).not.toBeNull();
  await page.getByRole('button', { name: 'Cancel upload' }).click();
  release();
  await expect(page.getByRole('progressbar')).toBeHidden();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByLabel('Character Image URL')).toHaveValue('');
  const id = firstAnswer!.$id;
  expect(fileIdFromUrl(`/api/files/${id}/view`)).toBe(id);
  await expect.poll(async () => (await page.request.get(`/api/files/${id}`)).status()).toBe(404);
});

test("a refused file is reported in the server's words and changes nothing", async ({ page }) => {
  await openNewCharacter(page, 84);
  const picker = page.getByLabel('Portrait photo file');
  await picker.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just text') });
  await expect(page.getByRole('alert')).toHaveText(
    'Only PNG, JPEG, WebP, GIF, MP4 and WebM files are accepted',
  );

  const oversized = Buffer.alloc(21 * 1024 * 1024);
  TINY_PNG.copy(oversized);
  await picker.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: oversized });
  await expect(page.getByRole('alert')).toHaveText('This image is larger than the 20 MB limit');

  await picker.setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: Buffer.from('x') });
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.characters.portraitNotImage);
  await expect(page.getByLabel('Character Image URL')).toHaveValue('');
});
