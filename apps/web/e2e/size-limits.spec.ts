import fs from 'node:fs/promises';
import { type TestInfo, expect, test } from '@playwright/test';
import { CARD_MAX_BYTES, CHARACTER_IMPORT_PATH, MESSAGES } from '@baegen/shared';
import { signIn } from './support/auth';

const MB = 1024 * 1024;
const SIZE = 25 * MB;

/** A 25 MB file in this test's own output folder: a PNG signature, then zeros. */
async function largePng(testInfo: TestInfo, name: string) {
  const data = Buffer.alloc(SIZE);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data);
  const file = testInfo.outputPath(name);
  await fs.writeFile(file, data);
  return file;
}

test('a 25 MB card import is refused with the size message, and the server’s 413 reaches the page', async ({
  page,
}, testInfo) => {
  expect(SIZE).toBeGreaterThan(CARD_MAX_BYTES);
  await signIn(page, 231);
  await page.goto('/characters');
  await page.getByTestId('card-import-input').setInputFiles(await largePng(testInfo, 'huge-card.png'));
  await expect(page.getByText(MESSAGES.cards.tooLarge)).toBeVisible();

  // Sent anyway (as a script or an older page would), the body is refused at 20 MB and the answer
  // is heard whole rather than lost to a reset connection.
  const answer = await page.evaluate(
    async ({ path, size }) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'image/png' },
        body: new Blob([new Uint8Array(size)]),
      });
      return { status: res.status, body: (await res.json()) as { error: { code: string; message: string } } };
    },
    { path: CHARACTER_IMPORT_PATH, size: SIZE },
  );
  expect(answer).toEqual({
    status: 413,
    body: { error: { code: 'CARD_TOO_LARGE', message: MESSAGES.cards.tooLarge } },
  });
});

test('a 25 MB portrait photo is refused in the server’s words', async ({ page }, testInfo) => {
  await signIn(page, 232);
  await page.goto('/characters/new');
  await page.getByLabel('Portrait photo file').setInputFiles(await largePng(testInfo, 'huge-photo.png'));
  await expect(page.getByRole('alert')).toHaveText('This image is larger than the 20 MB limit');
  await expect(page.getByLabel('Character Image URL')).toHaveValue('');
});
