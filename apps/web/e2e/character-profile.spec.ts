import { type Page, expect, test } from '@playwright/test';
import {
  CHAT_LABELS,
  type Character,
  type Chat,
  PAGE_HEADINGS,
  PROFILE_LABELS,
  SAMPLE_VIDEO_URL,
  documentTitle,
} from '@baegen/shared';
import { signIn } from './support/auth';

// In every name, so a repeated run on the same server tells its own records from earlier ones.
const RUN = Math.random().toString(36).slice(2, 8);
const NAME = `Selene ${RUN}`;
const BACKGROUND = 'A lighthouse keeper who maps the stars.';
const PERSONALITY = 'Patient, wry, fond of long silences';

async function seed(page: Page) {
  const made = await page.request.post('/api/characters', {
    data: {
      name: NAME,
      appearance: 'grey eyes, a wool coat',
      description: BACKGROUND,
      personality: PERSONALITY,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const character = (await made.json()) as Character;
  const media = await page.request.post('/api/media', {
    data: { characterId: character.$id, type: 'video', prompt: `Night watch ${RUN}`, url: SAMPLE_VIDEO_URL },
  });
  expect(media.status(), await media.text()).toBe(201);
  const chat = await page.request.post(`/api/characters/${character.$id}/chats`, {
    data: { title: `Night talk ${RUN}` },
  });
  expect(chat.status(), await chat.text()).toBe(201);
  return { character, chat: (await chat.json()) as Chat };
}

test('a card opens her profile: story, gallery and chats; a chat is renamed and deleted', async ({
  page,
}) => {
  await signIn(page, 261);
  const { character, chat } = await seed(page);
  const profileUrl = `/characters/${character.$id}`;

  await page.goto('/characters');
  const card = page.getByTestId('character-card').filter({ hasText: NAME });
  await card.getByRole('img', { name: NAME }).click();
  await expect(page).toHaveURL(profileUrl);
  await page.goBack();
  await card.getByRole('heading', { name: NAME }).getByRole('link').click();
  await expect(page).toHaveURL(profileUrl);

  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(page).toHaveTitle(documentTitle(NAME));
  const story = page.getByRole('region', { name: PROFILE_LABELS.story });
  await expect(story.getByText(BACKGROUND)).toBeVisible();
  await expect(story.getByText(PERSONALITY)).toBeVisible();
  const gallery = page.getByRole('region', { name: PROFILE_LABELS.gallery });
  await expect(gallery.getByRole('heading', { name: `Night watch ${RUN}` })).toBeVisible();
  const chats = page.getByRole('region', { name: PROFILE_LABELS.chats });
  await expect(chats.getByRole('link', { name: new RegExp(`Night talk ${RUN}`) })).toHaveAttribute(
    'href',
    `/chats/${chat.$id}`,
  );

  await chats.getByRole('button', { name: PROFILE_LABELS.renameLabel(`Night talk ${RUN}`) }).click();
  await chats.getByRole('textbox', { name: CHAT_LABELS.title }).fill(`Stargazing ${RUN}`);
  await chats.getByRole('button', { name: CHAT_LABELS.save }).click();
  await expect(page.getByText(PROFILE_LABELS.renamed)).toBeVisible();
  await page.reload();
  const renamed = chats.getByRole('link', { name: new RegExp(`Stargazing ${RUN}`) });
  await expect(renamed).toBeVisible();

  await chats.getByRole('button', { name: PROFILE_LABELS.deleteLabel(`Stargazing ${RUN}`) }).click();
  const dialog = page.getByRole('dialog', { name: CHAT_LABELS.deleteChatTitle });
  await expect(dialog.getByText(CHAT_LABELS.deleteChatConfirm(`Stargazing ${RUN}`))).toBeVisible();
  await dialog.getByRole('button', { name: CHAT_LABELS.delete }).click();
  await expect(chats.getByRole('heading', { name: CHAT_LABELS.emptyTitle })).toBeVisible();
  expect((await page.request.get(`/api/chats/${chat.$id}`)).status()).toBe(404);

  await page
    .getByRole('navigation', { name: PROFILE_LABELS.actions })
    .getByRole('link', { name: PROFILE_LABELS.edit })
    .click();
  await expect(page).toHaveURL(`/characters/edit/${character.$id}`);
  await expect(page.getByRole('heading', { name: PAGE_HEADINGS.editCharacter })).toBeVisible();
});

test('the profile fits a 375 px screen, and an unknown id says so with a way back', async ({ page }) => {
  await signIn(page, 262);
  const { character } = await seed(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/characters/${character.$id}`);
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(page.getByRole('region', { name: PROFILE_LABELS.chats }).getByRole('link')).toHaveCount(1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.goto('/characters/no-such-character');
  await expect(page.getByRole('heading', { name: PROFILE_LABELS.notFoundTitle })).toBeVisible();
  await page.getByRole('link', { name: PROFILE_LABELS.backToCharacters }).click();
  await expect(page).toHaveURL('/characters');
  await page.goto('/characters/new');
  await expect(page.getByRole('heading', { name: PAGE_HEADINGS.newCharacter })).toBeVisible();
});
