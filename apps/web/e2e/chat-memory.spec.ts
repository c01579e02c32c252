import { type Page, expect, test } from '@playwright/test';
import { CHAT_LABELS, type Character, type Chat, chatPaths } from '@baegen/shared';
import { signIn } from './support/auth';

const NAME = 'Mira Solen';

/**
 * A SillyTavern chat file: a fact first, then enough small talk (about 16,000 tokens) to push it
 * out of the 8,192-token context, but less than the 200 messages a summary reads back.
 */
function longChatFile(): string {
  const lines: object[] = [
    { user_name: 'Sam', character_name: NAME },
    { name: 'Sam', is_user: true, mes: 'My dog is called Biscuit.' },
  ];
  for (let i = 0; i < 250; i += 1) {
    const mes =
      i % 2 === 0
        ? `The tide turned ${i} times over the harbour stones while the gulls wheeled above the quay. ` +
          'Down on the beach the fishing boats lay tilted in the wet sand, waiting for the water.'
        : `The lamp on the cliff burned through watch ${i}, steady against the rolling fog and rain. ` +
          'Inside the tower the stove ticked, and the kettle sang its thin song on the hob.';
    lines.push({ name: i % 2 ? 'Sam' : NAME, is_user: i % 2 === 1, mes });
  }
  return lines.map((line) => JSON.stringify(line)).join('\n');
}

async function importLongChat(page: Page): Promise<Chat> {
  const created = await page.request.post('/api/characters', {
    data: { name: NAME, appearance: 'sea-grey eyes', personality: 'playful' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const character = (await created.json()) as Character;
  const imported = await page.request.post(chatPaths.import(character.$id), {
    headers: { 'content-type': 'application/jsonl' },
    data: longChatFile(),
  });
  expect(imported.status(), await imported.text()).toBe(201);
  return (await imported.json()) as Chat;
}

test('a long chat: an old fact is recalled into the reply, shown under the meter, and kept in the summary', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 281);
  const chat = await importLongChat(page);
  await page.goto(`/chats/${chat.$id}`);
  await expect(page.getByTestId('chat-context')).toContainText(/older messages are left out/);

  const box = page.getByRole('textbox', { name: CHAT_LABELS.composerLabel });
  await box.fill("What's my dog called?");
  await box.press('Enter');
  const reply = page.getByTestId('chat-message').and(page.locator('[data-role="assistant"]')).last();
  await expect(reply).toHaveAttribute('data-status', 'done', { timeout: 60_000 });

  const details = page.getByTestId('chat-context-details');
  await details.getByText(CHAT_LABELS.lastReplyContext).click();
  await expect(details).toContainText('Message 1: My dog is called Biscuit.');
  const recalledTokens = details
    .getByText(CHAT_LABELS.contextParts.recalled, { exact: true })
    .locator('xpath=following-sibling::dd[1]');
  await expect(recalledTokens).not.toHaveText(CHAT_LABELS.partTokens(0));

  await page.getByRole('button', { name: CHAT_LABELS.settings }).click();
  const summary = page.getByTestId('chat-summary');
  await expect(summary).toContainText('My dog is called Biscuit.', { timeout: 30_000 });
  await summary.getByRole('button', { name: CHAT_LABELS.summaryRebuild }).click();
  await expect(summary).toContainText(CHAT_LABELS.summaryEmpty);
  await expect(summary).toContainText('My dog is called Biscuit.', { timeout: 30_000 });
});
