import { expect, test } from '@playwright/test';
import { CHAT_LABELS, type Character, type Chat, type FileUpload, ROUTES } from '@baegen/shared';
import { signIn } from './support/auth';

// A wallet of its own, so /media holds only the picture this test makes.
const WALLET_SEED = 271;
// In the name, so a repeated run on the same server tells its own records from earlier ones.
const NAME = `Iris ${Math.random().toString(36).slice(2, 8)}`;

/** A 1×1 PNG: her portrait, uploaded as a photo would be. */
const PORTRAIT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a selfie asked for in the chat shows its progress, then the picture, then in /media', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, WALLET_SEED);
  const uploaded = await page.request.post('/api/files?name=iris.png', {
    headers: { 'content-type': 'application/octet-stream' },
    data: PORTRAIT,
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const portrait = (await uploaded.json()) as FileUpload;
  const made = await page.request.post('/api/characters', {
    data: { name: NAME, appearance: 'auburn curls, freckles', imageUrl: portrait.url },
  });
  expect(made.status(), await made.text()).toBe(201);
  const character = (await made.json()) as Character;
  const started = await page.request.post(`/api/characters/${character.$id}/chats`, { data: {} });
  expect(started.status(), await started.text()).toBe(201);
  const chat = (await started.json()) as Chat;

  await page.goto(ROUTES.chat(chat.$id));
  await page.getByRole('button', { name: CHAT_LABELS.sendSelfie }).click();
  // The demo provider takes 3 s a picture on the e2e server: long enough to see it coming.
  const selfie = page.getByTestId('chat-message').last();
  await expect(selfie.getByRole('progressbar')).toBeVisible();
  const picture = selfie.getByRole('img', { name: CHAT_LABELS.selfieAlt(NAME) });
  await expect(picture).toBeVisible({ timeout: 30_000 });
  await expect(picture).toHaveAttribute('src', /^\/api\/files\/[A-Za-z0-9_-]+\/view$/);
  const src = (await picture.getAttribute('src'))!;

  await page.goto(ROUTES.media);
  const card = page.getByTestId('media-card').filter({ hasText: NAME });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('img')).toHaveAttribute(
    'src',
    src.replace('/view', '/preview?width=480&output=webp'),
  );
  await card.getByRole('link', { name: CHAT_LABELS.fromChat }).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.chat(chat.$id)}$`));
  await expect(page.getByRole('img', { name: CHAT_LABELS.selfieAlt(NAME) })).toBeVisible();
});
