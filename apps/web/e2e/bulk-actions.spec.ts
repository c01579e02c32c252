import fs from 'node:fs/promises';
import { type Page, expect, test } from '@playwright/test';
import {
  MEDIA_EXPORT_MANIFEST,
  MESSAGES,
  type Media,
  SAMPLE_VIDEO_URL,
  mediaExportFileName,
  mediaExportManifestSchema,
  mediaFileName,
} from '@baegen/shared';
import { readZip } from '../../../scripts/read-zip.mjs';
import { signIn } from './support/auth';
import { createCharacter } from './support/characters';

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
// In every title, so a repeated run on the same server tells its own records from earlier ones.
const RUN = Math.random().toString(36).slice(2, 8);

/** A demo-generated image kept as media, so its bytes are one of our stored (PNG) files. */
async function createImageMedia(page: Page, characterId: string, prompt: string): Promise<Media> {
  const generated = await page.request.post('/api/generate/image', { data: { prompt } });
  expect(generated.status(), await generated.text()).toBe(200);
  const [url] = ((await generated.json()) as { urls: string[] }).urls;
  return createMedia(page, { characterId, type: 'image', prompt, url: url! });
}

async function createMedia(
  page: Page,
  data: { characterId: string; type: 'image' | 'video'; prompt: string; url: string },
): Promise<Media> {
  const res = await page.request.post('/api/media', { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Media;
}

const checkbox = (page: Page, title: string) =>
  page.getByRole('checkbox', { name: MESSAGES.bulk.selectItem(title), exact: true });

test('select 3 media with a shift-click range, delete them at once, and they are gone', async ({ page }) => {
  await signIn(page, 221);
  const luna = await createCharacter(page, 'Luna Vale', 'silver hair');
  const [one, two, three, four, five] = ['one', 'two', 'three', 'four', 'five'].map(
    (n) => `Bulk ${n} ${RUN}`,
  );
  const prompts = [one!, two!, three!, four!, five!];
  for (const prompt of prompts) {
    await createMedia(page, {
      characterId: luna.$id,
      type: 'image',
      prompt,
      url: `/samples/${prompt.replaceAll(' ', '-')}.png`,
    });
  }

  await page.goto('/media');
  const cards = page.getByTestId('media-card').filter({ hasText: RUN });
  await expect(cards).toHaveCount(5);
  await page.getByRole('button', { name: MESSAGES.bulk.select, exact: true }).click();
  const bar = page.getByRole('toolbar');
  await expect(bar.getByText(MESSAGES.bulk.selected(0))).toBeVisible();

  // Escape leaves select mode and forgets the selection.
  await checkbox(page, five!).click();
  await page.keyboard.press('Escape');
  await expect(bar).toBeHidden();
  await page.getByRole('button', { name: MESSAGES.bulk.select, exact: true }).click();
  await bar.getByRole('button', { name: MESSAGES.bulk.selectAll }).click();
  const loaded = await page.getByTestId('media-card').count();
  await expect(bar.getByText(MESSAGES.bulk.selected(loaded))).toBeVisible();
  await bar.getByRole('button', { name: MESSAGES.bulk.cancel }).click();
  await page.getByRole('button', { name: MESSAGES.bulk.select, exact: true }).click();

  await checkbox(page, four!).click();
  await checkbox(page, two!).click({ modifiers: ['Shift'] });
  await expect(bar.getByText(MESSAGES.bulk.selected(3))).toBeVisible();
  for (const title of [four!, three!, two!]) {
    await expect(checkbox(page, title)).toHaveAttribute('aria-checked', 'true');
  }
  await expect(checkbox(page, five!)).toHaveAttribute('aria-checked', 'false');

  await bar.getByRole('button', { name: MESSAGES.bulk.delete }).click();
  const noun = MESSAGES.bulk.mediaNoun(3);
  const dialog = page.getByRole('dialog', { name: MESSAGES.bulk.deleteTitle(noun) });
  await expect(dialog.getByText(MESSAGES.bulk.deleteConfirm(3, noun))).toBeVisible();
  // Escape here closes the dialog only; select mode and its selection stay.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(bar.getByText(MESSAGES.bulk.selected(3))).toBeVisible();
  await bar.getByRole('button', { name: MESSAGES.bulk.delete }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();

  await expect(page.getByText(MESSAGES.bulk.deleted(noun))).toBeVisible();
  await expect(cards).toHaveCount(2);
  await expect(bar).toBeHidden();
  await page.reload();
  await expect(cards).toHaveCount(2);
  for (const gone of [four!, three!, two!]) {
    await expect(cards.filter({ hasText: gone })).toHaveCount(0);
  }
});

test('select 2 media and download them as a zip with a manifest', async ({ page }) => {
  await signIn(page, 222);
  const nova = await createCharacter(page, 'Nova Reyes', 'silver hair');
  const image = await createImageMedia(page, nova.$id, `Zip harbour at dawn ${RUN}`);
  const video = await createMedia(page, {
    characterId: nova.$id,
    type: 'video',
    prompt: `Zip dancing in the rain ${RUN}`,
    url: SAMPLE_VIDEO_URL,
  });
  await createMedia(page, {
    characterId: nova.$id,
    type: 'image',
    prompt: 'Zip left out',
    url: '/samples/left-out.png',
  });

  await page.goto('/media');
  await page.getByRole('button', { name: MESSAGES.bulk.select, exact: true }).click();
  await checkbox(page, image.prompt).click();
  await checkbox(page, video.prompt).click();
  const bar = page.getByRole('toolbar');
  await expect(bar.getByText(MESSAGES.bulk.selected(2))).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    bar.getByRole('button', { name: MESSAGES.bulk.downloadZip }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(mediaExportFileName(2));
  await expect(page.getByText(MESSAGES.bulk.zipReady(MESSAGES.bulk.mediaNoun(2)))).toBeVisible();
  const entries = await readZip(await fs.readFile((await download.path())!));
  // The list order: the video is the newer of the two.
  expect(entries.map((entry) => entry.name)).toEqual([
    mediaFileName(video),
    mediaFileName(image),
    MEDIA_EXPORT_MANIFEST,
  ]);
  expect(entries[0]!.data.subarray(4, 8).toString()).toBe('ftyp');
  expect(entries[1]!.data.subarray(0, 3).equals(JPEG_MAGIC)).toBe(true);
  const manifest = mediaExportManifestSchema.parse(JSON.parse(entries[2]!.data.toString('utf8')));
  expect(manifest.items.map((item) => [item.file, item.media.$id])).toEqual([
    [mediaFileName(video), video.$id],
    [mediaFileName(image), image.$id],
  ]);
});

test('select 3 characters and delete them at once', async ({ page }) => {
  await signIn(page, 223);
  const [ada, bea, cleo, dora] = ['Ada', 'Bea', 'Cleo', 'Dora'].map((name) => `${name} ${RUN}`);
  for (const name of [ada!, bea!, cleo!, dora!]) await createCharacter(page, name, 'silver hair');

  await page.goto('/characters');
  const cards = page.getByTestId('character-card').filter({ hasText: RUN });
  await expect(cards).toHaveCount(4);
  await page.getByRole('button', { name: MESSAGES.bulk.select, exact: true }).click();
  for (const name of [dora!, bea!, ada!]) await checkbox(page, name).click();
  const bar = page.getByRole('toolbar');
  await expect(bar.getByText(MESSAGES.bulk.selected(3))).toBeVisible();
  await expect(bar.getByRole('button', { name: MESSAGES.bulk.downloadZip })).toHaveCount(0);
  await bar.getByRole('button', { name: MESSAGES.bulk.delete }).click();
  const noun = MESSAGES.bulk.charactersNoun(3);
  const dialog = page.getByRole('dialog', { name: MESSAGES.bulk.deleteTitle(noun) });
  await expect(dialog.getByText(MESSAGES.bulk.deleteConfirm(3, noun))).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();

  await expect(page.getByText(MESSAGES.bulk.deleted(noun))).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(cards.filter({ hasText: cleo! })).toHaveCount(1);
  await page.reload();
  await expect(cards).toHaveCount(1);
});
