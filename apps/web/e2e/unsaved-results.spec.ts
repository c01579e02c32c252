import { expect, test } from '@playwright/test';
import { type Character, MESSAGES } from '@baegen/shared';
import { signIn } from './support/auth';

const PROMPT = 'Reading by the window on a rainy afternoon';

test('images nobody saved stay in the header until saved, and leaving them asks first', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 241);
  const res = await page.request.post('/api/characters', {
    data: { name: 'Mira Holt', appearance: 'auburn curls' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const mira = (await res.json()) as Character;

  await page.goto(`/media/new/${mira.$id}?type=image`);
  await page.getByLabel('Prompt', { exact: true }).fill(PROMPT);
  await page.getByRole('button', { name: 'Generate Images' }).click();
  const results = page.getByRole('button', { name: /^Result \d$/ });
  await expect(results).toHaveCount(4, { timeout: 30_000 });

  // A click on the nav would lose them: the page asks, and staying keeps everything as it was.
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).first().click();
  const dialog = page.getByRole('dialog', { name: MESSAGES.generations.leaveTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: MESSAGES.generations.leaveCancel }).click();
  await expect(page).toHaveURL(/\/media\/new/);
  await expect(results).toHaveCount(4);

  // Leaving anyway: the header still lists them, with a count, and leads back to them.
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).first().click();
  await dialog.getByRole('button', { name: MESSAGES.generations.leaveConfirm }).click();
  await expect(page).toHaveURL('/dashboard');
  const badge = page.getByRole('button', { name: 'Generations: 0 in progress, 1 not saved' });
  await expect(badge).toHaveText('1');
  await badge.click();
  await page.getByTestId('unsaved-generation').click();
  await expect(results).toHaveCount(4);

  // Saved: it leaves the list, and the page goes to the gallery without asking.
  await results.nth(0).click();
  await page.getByRole('button', { name: 'Save Selected Images (1)' }).click();
  await expect(page).toHaveURL('/media');
  await expect(page.getByTestId('generation-indicator')).toHaveCount(0);
});
