import { type Page, expect, test } from '@playwright/test';
import { type Character, MESSAGES, SAMPLE_VIDEO_URL } from '@baegen/shared';
import { signIn } from './support/auth';

/** Heading levels in document order; none may go more than one level deeper than the one before. */
async function headingLevels(page: Page) {
  return page
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((nodes) =>
      nodes
        .filter((node) => (node as HTMLElement).offsetParent !== null)
        .map((node) => Number(node.tagName[1])),
    );
}

async function seed(page: Page) {
  const res = await page.request.post('/api/characters', {
    data: { name: 'Ada Lumen', appearance: 'blue hair' },
  });
  const character = (await res.json()) as Character;
  const media = await page.request.post('/api/media', {
    data: {
      characterId: character.$id,
      type: 'video',
      prompt: 'A walk',
      url: SAMPLE_VIDEO_URL,
      thumbnail: '',
    },
  });
  expect(media.status()).toBe(201);
  return character;
}

test('no page skips a heading level', async ({ page }) => {
  await signIn(page, 51);
  const character = await seed(page);
  for (const route of [
    '/dashboard',
    '/characters',
    '/media',
    '/characters/new',
    `/media/new/${character.$id}`,
  ]) {
    await page.goto(route);
    await expect(page.locator('h1')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    const levels = await headingLevels(page);
    expect(levels[0], route).toBe(1);
    levels.forEach((level, index) => {
      if (index > 0)
        expect(level - levels[index - 1]!, `${route}: ${levels.join(',')}`).toBeLessThanOrEqual(1);
    });
  }
});

test('the media type tabs follow the ARIA tabs pattern', async ({ page }) => {
  await signIn(page, 52);
  await page.goto('/media');
  const tab = (name: string) => page.getByRole('tab', { name });
  await tab('All Media').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Videos')).toBeFocused();
  await expect(tab('Videos')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/type=video/);
  await page.keyboard.press('End');
  await expect(tab('Images')).toBeFocused();
  await expect(tab('Images')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(tab('All Media')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('Videos')).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tab')).not.toHaveCount(0);
  await expect(tab('All Media')).not.toBeFocused();
});

test('the delete dialog keeps focus inside and gives it back when closed', async ({ page }) => {
  await signIn(page, 53);
  await seed(page);
  await page.goto('/characters');
  const remove = page.getByRole('button', { name: /Delete Ada Lumen/ });
  await remove.click();
  const dialog = page.getByRole('dialog', { name: MESSAGES.characters.deleteTitle });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 5; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu closes on Escape, on a press outside it and on navigation', async ({ page }) => {
    await signIn(page, 54);
    await page.goto('/dashboard');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByTestId('mobile-menu');

    await toggle.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(180, 700);
    await expect(menu).toBeHidden();

    await toggle.click();
    await menu.getByRole('link', { name: 'Characters' }).click();
    await expect(page).toHaveURL(/\/characters$/);
    await expect(menu).toBeHidden();
  });
});

for (const width of [375, 1440]) {
  test.describe(`toasts at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('sit below the header, never over the address and Logout', async ({ page }) => {
      await signIn(page, 55);
      const toast = page.getByText(MESSAGES.auth.success);
      await expect(toast).toBeVisible();
      const header = await page.getByTestId('site-header').boundingBox();
      const headerBottom = header!.y + header!.height;
      // The toaster's box starts below the header and clips what it holds, so no toast is drawn
      // over the header at any moment of its slide in or out (its own box may still be moving).
      const toaster = await page.evaluate(() => {
        const box = document.querySelector('[data-rht-toaster]')!;
        return { top: box.getBoundingClientRect().top, overflow: getComputedStyle(box).overflow };
      });
      expect(toaster.top).toBeGreaterThanOrEqual(headerBottom);
      expect(toaster.overflow).toBe('hidden');
      // Visible already while it slides in from under the header: its resting place is what counts.
      await expect
        .poll(async () => {
          const settled = await toast.boundingBox();
          return settled ? settled.y + settled.height : 0;
        })
        .toBeGreaterThan(headerBottom);
    });
  });
}
