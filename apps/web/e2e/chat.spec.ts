import { readFile } from 'node:fs/promises';
import { type Page, expect, test } from '@playwright/test';
import { CHAT_LABELS, type Character } from '@baegen/shared';
import { signIn } from './support/auth';

// Wallets of their own, so each list holds only the chats its test starts. Replies come a word
// every 150 ms on the e2e server (playwright.config.ts), slow enough to watch them stream.
const WALLET_SEEDS = { stream: 251, transfer: 252, phone: 253 };
const NAME = 'Mira Solen';

async function createCharacter(page: Page) {
  const created = await page.request.post('/api/characters', {
    data: { name: NAME, appearance: 'sea-grey eyes', personality: 'playful, curious about the sea' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Character;
}

/** From her card on /characters to her chat, by the card's Chat button. */
async function openChatFromCard(page: Page) {
  await page.goto('/characters');
  const card = page.getByTestId('character-card').filter({ hasText: NAME });
  await card.getByRole('link', { name: CHAT_LABELS.chatWith(NAME) }).click();
  await expect(page).toHaveURL(/\/chats\/(?!with\/)[^/]+$/);
  await expect(messages(page)).toHaveCount(1);
}

const messages = (page: Page) => page.getByTestId('chat-message');
const lastReply = (page: Page) => messages(page).and(page.locator('[data-role="assistant"]')).last();
const replyText = (page: Page) => lastReply(page).getByTestId('chat-message-text');

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: CHAT_LABELS.composerLabel });
  await box.fill(text);
  await box.press('Enter');
  await expect(messages(page).filter({ hasText: text })).toHaveCount(1);
}

/** Waits until the reply being written shows some text, and returns it. */
async function textSoFar(page: Page) {
  await expect(lastReply(page)).toHaveAttribute('data-status', 'streaming');
  await expect(replyText(page)).not.toHaveText(CHAT_LABELS.writing(NAME));
  await expect(replyText(page)).not.toHaveText('');
  return (await replyText(page).textContent()) ?? '';
}

test('a chat from her card: the reply streams in, stops, regenerates and swipes', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, WALLET_SEEDS.stream);
  await createCharacter(page);
  await openChatFromCard(page);
  // The opening address was replaced: Back leads to the characters, not to it again.
  await page.goBack();
  await expect(page).toHaveURL(/\/characters$/);
  await page.goForward();
  await expect(page).toHaveURL(/\/chats\/(?!with\/)[^/]+$/);

  await send(page, 'Tell me about the lighthouse on the cliffs');
  const early = await textSoFar(page);
  await expect
    .poll(async () => ((await replyText(page).textContent()) ?? '').length)
    .toBeGreaterThan(early.length);
  await expect(lastReply(page)).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(page.getByTestId('chat-context')).toContainText(/\d+ \/ [\d,]+ tokens/);

  await send(page, 'What do sailors sing about at night');
  await textSoFar(page);
  await page.getByRole('button', { name: CHAT_LABELS.stop, exact: true }).click();
  await expect(lastReply(page)).toHaveAttribute('data-status', 'stopped');
  await expect(lastReply(page).getByText(CHAT_LABELS.stopped, { exact: true })).toBeVisible();
  const stopped = (await replyText(page).textContent()) ?? '';
  expect(stopped.length).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: CHAT_LABELS.send, exact: true })).toBeVisible();

  await lastReply(page).getByRole('button', { name: CHAT_LABELS.regenerate }).click();
  await expect(lastReply(page)).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  const position = lastReply(page).getByTestId('swipe-position');
  await expect(position).toHaveText(CHAT_LABELS.swipePosition(1, 2));
  const regenerated = (await replyText(page).textContent()) ?? '';
  expect(regenerated.length).toBeGreaterThan(stopped.length);
  await lastReply(page).getByRole('button', { name: CHAT_LABELS.previousSwipe }).click();
  await expect(position).toHaveText(CHAT_LABELS.swipePosition(0, 2));
  await expect(replyText(page)).toHaveText(stopped);
  await lastReply(page).getByRole('button', { name: CHAT_LABELS.nextSwipe }).click();
  await expect(position).toHaveText(CHAT_LABELS.swipePosition(1, 2));
  await expect(replyText(page)).toHaveText(regenerated);
});

test('a reply survives a reload mid-way; the chat exports, imports as a copy and both are listed', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, WALLET_SEEDS.transfer);
  await createCharacter(page);
  await openChatFromCard(page);

  await send(page, 'Describe the harbour at dawn for me');
  const before = await textSoFar(page);
  await page.reload();
  // The text so far comes with the page (snapshot), then the rest streams on.
  await expect(replyText(page)).toContainText(before);
  await expect(lastReply(page)).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  const finished = (await replyText(page).textContent()) ?? '';
  expect(finished.length).toBeGreaterThan(before.length);
  const texts = await page.getByTestId('chat-message-text').allTextContents();
  expect(texts).toHaveLength(3);
  const original = page.url();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: CHAT_LABELS.export }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.jsonl$/);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  // A header line, then one line per message.
  expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(4);

  await page.getByTestId('chat-import-input').setInputFiles(file);
  await expect(page).not.toHaveURL(original);
  await expect(page).toHaveURL(/\/chats\/(?!with\/)[^/]+$/);
  await expect(messages(page)).toHaveCount(3);
  // Retried: the copy's messages can be counted before their text is drawn.
  await expect(page.getByTestId('chat-message-text')).toHaveText(texts);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chats' }).click();
  await expect(page).toHaveURL(/\/chats$/);
  const items = page.getByTestId('chat-list-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(NAME);
  await expect(items.first()).toContainText(CHAT_LABELS.messages(3));
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the chat fits 375 px: her reply and the composer, without scrolling sideways', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, WALLET_SEEDS.phone);
    await createCharacter(page);
    await openChatFromCard(page);
    await send(page, 'Tell me about the tide');
    await expect(lastReply(page)).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('textbox', { name: CHAT_LABELS.composerLabel })).toBeInViewport();
    await expect(page.getByRole('button', { name: CHAT_LABELS.send, exact: true })).toBeInViewport();
  });
});
