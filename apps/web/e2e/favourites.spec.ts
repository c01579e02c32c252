import { type Page, expect, test } from '@playwright/test';
import { type Character, FAVORITE_LABELS, MESSAGES, SORT_LABELS, defaultAvatarUrl } from '@baegen/shared';
import { signIn } from './support/auth';

// A wallet of its own, so the lists below hold only what this spec creates.
const WALLET_SEED = 141;
const PROMPTS = ['First light over the bay', 'Second wind on the cliffs', 'Third act at the opera'];

async function seed(page: Page) {
  const created = await page.request.post('/api/characters', {
    data: { name: 'Stella Marin', appearance: 'auburn curls' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const character = (await created.json()) as Character;
  for (const prompt of PROMPTS) {
    const url = defaultAvatarUrl(prompt);
    const res = await page.request.post('/api/media', {
      data: { characterId: character.$id, type: 'image', prompt, url, thumbnail: url },
    });
    expect(res.status(), await res.text()).toBe(201);
    // Apart in time, so oldest first is the order above.
    await page.waitForTimeout(20);
  }
}

const cards = (page: Page) => page.getByTestId('media-card');
const titles = (page: Page) => cards(page).getByRole('heading').allTextContents();
const card = (page: Page, prompt: string) => cards(page).filter({ hasText: prompt });

test('a starred media shows under Favourites; oldest first and the filter survive a reload', async ({
  page,
}) => {
  await signIn(page, WALLET_SEED);
  await seed(page);
  const [first, second, third] = PROMPTS as [string, string, string];

  await page.goto('/media');
  await expect(cards(page)).toHaveCount(3);
  expect(await titles(page)).toEqual([third, second, first]);

  const star = card(page, second).getByRole('button', { name: FAVORITE_LABELS.add });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  const starred = card(page, second).getByRole('button', { name: FAVORITE_LABELS.remove });
  await expect(starred).toHaveAttribute('aria-pressed', 'true');

  const filter = page.getByRole('button', { name: FAVORITE_LABELS.filter, exact: true });
  await filter.click();
  await expect(page).toHaveURL(/[?&]favorite=true/);
  await expect(filter).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page)).toHaveCount(1);
  expect(await titles(page)).toEqual([second]);
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByText(FAVORITE_LABELS.filter, { exact: true })).toBeVisible();

  await page.reload();
  await expect(cards(page)).toHaveCount(1);
  expect(await titles(page)).toEqual([second]);
  await expect(card(page, second).getByRole('button', { name: FAVORITE_LABELS.remove })).toBeVisible();
  await expect(filter).toHaveAttribute('aria-pressed', 'true');

  await chips.getByRole('button', { name: `Remove filter ${FAVORITE_LABELS.filter}` }).click();
  await expect(page).not.toHaveURL(/favorite=/);
  await expect(cards(page)).toHaveCount(3);

  const sort = page.getByRole('combobox', { name: SORT_LABELS.control });
  await sort.selectOption({ label: SORT_LABELS.oldest });
  await expect(page).toHaveURL(/[?&]sort=oldest/);
  await expect.poll(() => titles(page)).toEqual([first, second, third]);

  await page.reload();
  await expect(sort).toHaveValue('oldest');
  await expect(cards(page)).toHaveCount(3);
  expect(await titles(page)).toEqual([first, second, third]);

  // Both together: the favourites, oldest first; unstarring there empties the list.
  await filter.click();
  await expect(page).toHaveURL(/sort=oldest.*favorite=true|favorite=true.*sort=oldest/);
  await expect(cards(page)).toHaveCount(1);
  await card(page, second).getByRole('button', { name: FAVORITE_LABELS.remove }).click();
  await expect(cards(page)).toHaveCount(0);
});

test('characters are starred on their card, listed oldest first on request and filtered to favourites', async ({
  page,
}) => {
  await signIn(page, WALLET_SEED + 1);
  for (const name of ['Ada Old', 'Zoe New']) {
    const res = await page.request.post('/api/characters', { data: { name, appearance: 'green eyes' } });
    expect(res.status()).toBe(201);
    await page.waitForTimeout(20);
  }
  const names = () => page.getByTestId('character-card').getByRole('heading').allTextContents();

  await page.goto('/characters');
  await expect.poll(names).toEqual(['Zoe New', 'Ada Old']);
  await page.getByRole('combobox', { name: SORT_LABELS.control }).selectOption('oldest');
  await expect(page).toHaveURL(/\/characters\?sort=oldest$/);
  await expect.poll(names).toEqual(['Ada Old', 'Zoe New']);

  const ada = page.getByTestId('character-card').filter({ hasText: 'Ada Old' });
  await ada.getByRole('button', { name: FAVORITE_LABELS.add }).click();
  await expect(ada.getByRole('button', { name: FAVORITE_LABELS.remove })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.reload();
  await expect.poll(names).toEqual(['Ada Old', 'Zoe New']);
  await expect(ada.getByRole('button', { name: FAVORITE_LABELS.remove })).toBeVisible();

  const onlyFavourites = page.getByRole('button', { name: FAVORITE_LABELS.filter, exact: true });
  await onlyFavourites.click();
  await expect(onlyFavourites).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/\/characters\?sort=oldest&favorite=true$/);
  await expect.poll(names).toEqual(['Ada Old']);
  await expect(page.getByText(MESSAGES.list.matches(1))).toBeVisible();
  await page.reload();
  await expect.poll(names).toEqual(['Ada Old']);

  // Unstarred, the last favourite leaves an empty list that says why and offers the way back.
  const unstarred = page.waitForResponse((res) => res.request().method() === 'PATCH' && res.ok());
  await ada.getByRole('button', { name: FAVORITE_LABELS.remove }).click();
  await unstarred;
  await page.reload();
  await expect(page.getByText(FAVORITE_LABELS.noFavoriteCharacters)).toBeVisible();
  await page.getByRole('button', { name: FAVORITE_LABELS.showAll }).click();
  await expect(page).toHaveURL(/\/characters\?sort=oldest$/);
  await expect.poll(names).toEqual(['Ada Old', 'Zoe New']);
});
