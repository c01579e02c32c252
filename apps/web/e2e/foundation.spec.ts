import { expect, test } from '@playwright/test';
import { BETA_STATS, HERO_PHRASES, APP_VERSION_LABEL } from '@baegen/shared';

test('the landing page shows its texts and rotates the hero phrase', async ({ page }) => {
  await page.goto('/');
  for (const stat of BETA_STATS) {
    await expect(page.getByText(stat.value, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(APP_VERSION_LABEL)).toBeVisible();
  const phrase = page.getByTestId('hero-phrase');
  await expect(phrase).toHaveText(HERO_PHRASES[0]);
  await expect(phrase).toHaveText(HERO_PHRASES[1], { timeout: 5_000 });
});

test('an unknown path lands on /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});

test('/dashboard while logged out lands on /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login to BaeGen' })).toBeVisible();
});
