import fs from 'node:fs/promises';
import { type Page, expect, test } from '@playwright/test';
import { CARD_PNG_KEYWORDS, MESSAGES, characterCardV2Schema, characterCardV3Schema } from '@baegen/shared';
import { signIn } from './support/auth';

/** The tEXt chunks of a PNG, keyword -> text. */
function textChunks(png: Buffer): Record<string, string> {
  const chunks: Record<string, string> = {};
  for (let offset = 8; offset + 12 <= png.length;) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    if (type === 'tEXt') {
      const data = png.subarray(offset + 8, offset + 8 + length);
      const separator = data.indexOf(0);
      chunks[data.toString('latin1', 0, separator)] = data.toString('latin1', separator + 1);
    }
    offset += 12 + length;
  }
  return chunks;
}

const decode = (base64: string | undefined) =>
  JSON.parse(Buffer.from(base64 ?? '', 'base64').toString('utf8'));

async function createCharacter(page: Page, name: string) {
  const res = await page.request.post('/api/characters', {
    data: {
      name,
      description: 'A lighthouse painter.',
      appearance: 'Red curls, paint on her hands',
      personality: 'Bold',
    },
  });
  expect(res.status()).toBe(201);
}

test('a character exported as a card comes back as a new character when the card is imported', async ({
  page,
}) => {
  await signIn(page, 173);
  await createCharacter(page, 'Iris Calder');
  await page.goto('/characters');
  const cards = page.getByTestId('character-card').filter({ hasText: 'Iris Calder' });
  await expect(cards).toHaveCount(1);

  const downloading = page.waitForEvent('download');
  await cards.getByRole('link', { name: `${MESSAGES.cards.exportLabel}: Iris Calder` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Iris Calder.png');
  const png = await fs.readFile((await download.path())!);
  const chunks = textChunks(png);
  const v2 = characterCardV2Schema.parse(decode(chunks[CARD_PNG_KEYWORDS.v2]));
  const v3 = characterCardV3Schema.parse(decode(chunks[CARD_PNG_KEYWORDS.v3]));
  expect(v2.data).toMatchObject({
    name: 'Iris Calder',
    description: 'A lighthouse painter.',
    personality: 'Bold',
  });
  expect(v3.data.extensions.baegen).toMatchObject({ appearance: 'Red curls, paint on her hands' });

  await page
    .getByTestId('card-import-input')
    .setInputFiles({ name: 'Iris Calder.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText(MESSAGES.cards.imported('Iris Calder'))).toBeVisible();
  await expect(cards).toHaveCount(2);
  // The import's portrait is the card's picture, now a file of this user.
  await expect(cards.first().getByRole('img', { name: 'Iris Calder' })).toHaveAttribute(
    'src',
    /^\/api\/files\/[A-Za-z0-9_-]+\/(view|preview)/,
  );

  await cards.first().getByRole('link', { name: 'Edit Iris Calder' }).click();
  await expect(page.getByLabel('Appearance Parameters')).toHaveValue('Red curls, paint on her hands');
  await expect(page.getByRole('link', { name: MESSAGES.cards.exportLabel })).toHaveAttribute(
    'href',
    /\/api\/characters\/[A-Za-z0-9]+\/card\.png$/,
  );
});

test('a JSON card dropped on /characters is imported; a refused file says why', async ({ page }) => {
  await signIn(page, 174);
  await page.goto('/characters');
  // The page listens for drops once it is shown.
  await expect(page.getByRole('button', { name: MESSAGES.cards.importLabel })).toBeVisible();
  const drop = async (name: string, type: string, text: string) => {
    const dataTransfer = await page.evaluateHandle(
      ([fileName, fileType, content]) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([content!], fileName!, { type: fileType }));
        return transfer;
      },
      [name, type, text],
    );
    const body = page.locator('body');
    await body.dispatchEvent('dragenter', { dataTransfer });
    await expect(page.getByText(MESSAGES.cards.dropHere)).toBeVisible();
    await body.dispatchEvent('dragover', { dataTransfer });
    await body.dispatchEvent('drop', { dataTransfer });
  };

  const card = { name: 'Old Tom', description: 'A grumpy keeper with a white beard. He talks to gulls.' };
  await drop('tom.json', 'application/json', JSON.stringify(card));
  await expect(page.getByText(MESSAGES.cards.imported('Old Tom'))).toBeVisible();
  await expect(page.getByTestId('character-card').filter({ hasText: 'Old Tom' })).toHaveCount(1);

  await drop('broken.json', 'application/json', '{"spec":');
  await expect(page.getByText(MESSAGES.cards.notACard)).toBeVisible();
  await expect(page.getByTestId('character-card')).toHaveCount(1);
});
