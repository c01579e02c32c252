import { type Page, expect, test } from '@playwright/test';
import { LIST_LIMIT, MESSAGES, defaultAvatarUrl, previewSources } from '@baegen/shared';
import { signIn } from './support/auth';
import { deployCharacter } from './support/characters';

const NAME = 'Aurora Quill';
const APPEARANCE = 'long copper hair, grey eyes, freckles, green wool coat';
const DESCRIPTION = 'A lighthouse keeper who writes letters to the sea.';

/** True once the image has actually decoded (a broken image has naturalWidth 0). */
async function imageLoaded(page: Page, selector: ReturnType<Page['locator']>) {
  await expect
    .poll(() => selector.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

test('a character goes through create, optimize, generate, edit, search and delete', async ({ page }) => {
  await signIn(page);
  await page.goto('/characters');
  await expect(page.getByRole('heading', { name: 'My Characters' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filters' })).toBeVisible();

  await page.getByRole('link', { name: 'Create Character' }).first().click();
  await expect(page).toHaveURL(/\/characters\/new$/);
  await expect(page.getByRole('heading', { name: 'Create AI Character' })).toBeVisible();

  // Saving without an appearance is refused on the page.
  await page.getByLabel('Character Name').fill(NAME);
  await page.getByRole('button', { name: 'Deploy Character' }).click();
  await expect(page.getByText(MESSAGES.characters.nameAndAppearanceRequired)).toBeVisible();

  await page.getByLabel('Appearance Parameters').fill(APPEARANCE);
  await page.getByLabel('Background Description').fill(DESCRIPTION);
  await page.getByLabel('Personality Matrix').fill('Quiet, stubborn, kind');
  await expect(page.getByLabel('Character Image URL')).toHaveValue('');
  await page.getByRole('button', { name: 'Deploy Character' }).click();
  await expect(page.getByText(MESSAGES.characters.created)).toBeVisible();
  await expect(page).toHaveURL(/\/characters$/);

  const card = page.getByTestId('character-card').filter({ hasText: NAME });
  await expect(card).toHaveCount(1);
  await expect(card.getByText(DESCRIPTION)).toBeVisible();
  const avatar = card.getByRole('img', { name: NAME });
  await expect(avatar).toHaveAttribute('src', defaultAvatarUrl(NAME));
  await imageLoaded(page, avatar);

  await card.getByRole('link', { name: `Edit ${NAME}` }).click();
  await expect(page.getByRole('heading', { name: 'Modify AI Character' })).toBeVisible();
  const appearance = page.getByLabel('Appearance Parameters');
  await expect(appearance).toHaveValue(APPEARANCE);
  await expect(page.getByLabel('Character Image URL')).toHaveValue(defaultAvatarUrl(NAME));

  await page.getByRole('button', { name: 'Optimize Prompt' }).click();
  await expect(page.getByText(MESSAGES.characters.improved)).toBeVisible();
  await expect(appearance).not.toHaveValue(APPEARANCE);
  const optimized = await appearance.inputValue();
  expect(optimized.trim().length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByText(MESSAGES.characters.imageGenerated)).toBeVisible();
  // A stored portrait shows by its origin; its address is one click away.
  const imageField = page.getByRole('group', { name: 'Character Image URL' });
  await expect(imageField.getByText(MESSAGES.characters.portraitGenerated)).toBeVisible();
  await imageField.getByRole('button', { name: 'Edit URL' }).click();
  const imageUrl = page.getByLabel('Character Image URL');
  await expect(imageUrl).not.toHaveValue(defaultAvatarUrl(NAME));
  const portraitUrl = await imageUrl.inputValue();
  expect(portraitUrl).toMatch(/^(https?:\/\/|\/api\/)/);
  await imageLoaded(page, page.getByRole('img', { name: `Preview of ${NAME}` }));

  const renamed = `${NAME} II`;
  await page.getByLabel('Character Name').fill(renamed);
  await page.getByRole('button', { name: 'Update Character' }).click();
  await expect(page.getByText(MESSAGES.characters.updated)).toBeVisible();
  await expect(page).toHaveURL(/\/characters$/);
  const updatedCard = page.getByTestId('character-card').filter({ hasText: renamed });
  // A stored portrait shows as a preview sized to the card.
  await expect(updatedCard.getByRole('img', { name: renamed })).toHaveAttribute(
    'src',
    previewSources(portraitUrl)?.src ?? portraitUrl,
  );

  const search = page.getByRole('searchbox', { name: 'Search characters' });
  await search.fill('aurora quill');
  await expect(page.getByTestId('character-card')).toHaveCount(1);
  await expect(updatedCard).toBeVisible();
  await search.fill('LIGHTHOUSE');
  await expect(updatedCard).toBeVisible();
  await search.fill('zzqx-no-such-bae');
  await expect(page.getByRole('heading', { name: MESSAGES.characters.emptyTitle })).toBeVisible();
  await expect(page.getByText(MESSAGES.characters.emptySearchText('zzqx-no-such-bae'))).toBeVisible();
  await search.fill('');
  await expect(updatedCard).toBeVisible();

  await updatedCard.getByRole('button', { name: `Delete ${renamed}` }).click();
  const dialog = page.getByRole('dialog', { name: MESSAGES.characters.deleteTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(MESSAGES.characters.deleteConfirm(renamed))).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(updatedCard).toBeVisible();

  await updatedCard.getByRole('button', { name: `Delete ${renamed}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MESSAGES.characters.deleted)).toBeVisible();
  await expect(updatedCard).toHaveCount(0);
  await expect(page.getByRole('heading', { name: MESSAGES.characters.emptyTitle })).toBeVisible();
  await expect(page.getByText(MESSAGES.characters.emptyText)).toBeVisible();
});

test('the card links to media creation and an unknown character id goes back to the list', async ({
  page,
}) => {
  await signIn(page, 11);
  await deployCharacter(page, 'Nova', 'short blue hair');
  const card = page.getByTestId('character-card').filter({ hasText: 'Nova' });
  const video = card.getByRole('link', { name: 'Video of Nova' });
  const image = card.getByRole('link', { name: 'Image of Nova' });
  // Both lead to the same route, each with its own type chosen.
  const videoHref = await video.getAttribute('href');
  expect(videoHref).toMatch(/^\/media\/new\/[A-Za-z0-9]+\?type=video$/);
  await expect(image).toHaveAttribute('href', videoHref!.replace('type=video', 'type=image'));

  await page.goto('/characters/edit/no-such-character');
  await expect(page.getByText(MESSAGES.characters.loadOneFailed)).toBeVisible();
  await expect(page).toHaveURL(/\/characters$/);
});

test('more than one page of characters is reachable with "Load more"', async ({ page }) => {
  await signIn(page, 12);
  const count = LIST_LIMIT + 3;
  for (let i = 0; i < count; i += 1) {
    const res = await page.request.post('/api/characters', {
      data: { name: `Paged ${i}`, appearance: 'red hair', description: '', personality: '', imageUrl: '' },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/characters');
  const cards = page.getByTestId('character-card');
  await expect(cards).toHaveCount(LIST_LIMIT);
  await expect(page.getByText(`Showing ${LIST_LIMIT} of ${count}`)).toBeVisible();
  const oldest = page.getByRole('heading', { name: 'Paged 0', exact: true });
  await expect(oldest).toHaveCount(0);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(count);
  await expect(page.getByText(`Showing ${count} of ${count}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(oldest).toBeVisible();
});
