import { type Locator, type Page, expect, test } from '@playwright/test';
import { FORM_TEXT, LIMITS, MESSAGES } from '@baegen/shared';
import { connectTestWallet, pressLogin, signIn } from './support/auth';
import { createCharacter } from './support/characters';
import { installTestWallet } from './support/test-wallet';

/** The bottom edge of the fixed header, in viewport pixels. */
async function headerBottom(page: Page) {
  const header = await page.getByTestId('site-header').boundingBox();
  return header!.y + header!.height;
}

/** The field is focused, marked invalid, described by `message`, and in view below the header. */
async function expectFocusedError(page: Page, field: Locator, message: string) {
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.:]/g, '.')));
  const box = await field.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(await headerBottom(page));
  expect(box!.y).toBeLessThan(page.viewportSize()!.height);
}

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the character form marks its missing fields and focuses the first, below the header', async ({
    page,
  }) => {
    await signIn(page, 321);
    await page.goto('/characters/new');
    const name = page.getByLabel('Character Name');
    const appearance = page.getByLabel('Appearance Parameters');
    await page.getByLabel('Personality Matrix').fill('Quiet and kind');
    // From the bottom of the page: the first bad field is scrolled up into view, clear of the header.
    await page.getByRole('button', { name: 'Deploy Character' }).click();
    const toast = page.getByText(MESSAGES.characters.nameAndAppearanceRequired);
    await expect(toast).toBeVisible();
    await expectFocusedError(page, name, FORM_TEXT.errors.name);
    await expect(appearance).toHaveAttribute('aria-invalid', 'true');
    // The toast at the top right does not sit over the field it sends the eye to.
    const field = await name.boundingBox();
    await expect
      .poll(async () => {
        const box = await toast.boundingBox();
        return box ? box.y + box.height : Infinity;
      })
      .toBeLessThanOrEqual(field!.y);

    await name.fill('Noor Haddad');
    await expect(name).not.toHaveAttribute('aria-invalid');
    await page.getByRole('button', { name: 'Deploy Character' }).click();
    await expectFocusedError(page, appearance, FORM_TEXT.errors.appearance);

    // Near the limit a counter shows; at it, the field says so instead of cutting silently.
    await name.fill('n'.repeat(LIMITS.characterName));
    await expect(page.getByText(FORM_TEXT.counter(LIMITS.characterName, LIMITS.characterName))).toBeVisible();
    await expect(name).toHaveAttribute('dir', 'auto');
  });

  test('the media form marks the missing character and prompt, then focus follows Generate', async ({
    page,
  }) => {
    await signIn(page, 322);
    await createCharacter(page, 'Ines Varga', 'short black hair, green eyes');
    await page.goto('/media/new');
    const character = page.getByLabel('Character', { exact: true });
    const prompt = page.getByLabel('Prompt', { exact: true });

    await page.getByRole('button', { name: 'Generate Images' }).click();
    await expect(page.getByText(MESSAGES.media.selectCharacter)).toBeVisible();
    await expectFocusedError(page, character, FORM_TEXT.errors.character);
    await expect(prompt).toHaveAttribute('aria-invalid', 'true');

    await character.selectOption({ label: 'Ines Varga' });
    await page.getByRole('button', { name: 'Generate Images' }).click();
    await expectFocusedError(page, prompt, FORM_TEXT.errors.prompt);

    await prompt.fill('Reading in a sunlit library');
    await page.getByRole('button', { name: 'Generate Images' }).click();
    await expect(page.getByRole('group', { name: FORM_TEXT.runningHeading })).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Generated Images' })).toBeFocused({ timeout: 30_000 });
  });

  test('a filled character form asks before Back or a nav click drops it', async ({ page }) => {
    await signIn(page, 323);
    await page.goto('/characters');
    await page.getByRole('link', { name: 'Create Character' }).first().click();
    await expect(page).toHaveURL(/\/characters\/new$/);
    const name = page.getByLabel('Character Name');
    await name.fill('Sabine Roux');
    const dialog = page.getByRole('dialog', { name: FORM_TEXT.leaveTitle });

    await page.goBack();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: FORM_TEXT.leaveCancel }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/characters\/new$/);
    await expect(name).toHaveValue('Sabine Roux');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Media' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: FORM_TEXT.leaveConfirm }).click();
    await expect(page).toHaveURL(/\/media$/);
  });

  test('Back from a filled character form goes back once the user agrees', async ({ page }) => {
    await signIn(page, 337);
    await page.goto('/characters');
    await page.getByRole('link', { name: 'Create Character' }).first().click();
    await page.getByLabel('Character Name').fill('Ines Vale');
    const dialog = page.getByRole('dialog', { name: FORM_TEXT.leaveTitle });

    await page.goBack();
    await dialog.getByRole('button', { name: FORM_TEXT.leaveConfirm }).click();
    await expect(page).toHaveURL(/\/characters$/);
    await expect(dialog).toBeHidden();

    await page.goForward();
    await expect(page).toHaveURL(/\/characters\/new$/);
    await expect(page.getByLabel('Character Name')).toHaveValue('');
  });

  test('a saved or untouched character form leaves without asking', async ({ page }) => {
    await signIn(page, 324);
    await page.goto('/characters/new');
    await page.getByRole('link', { name: 'Back to Characters' }).click();
    await expect(page).toHaveURL(/\/characters$/);

    await page.goto('/characters/new');
    await page.getByLabel('Character Name').fill('Yara Sol');
    await page.getByLabel('Appearance Parameters').fill('long dark braid');
    await page.getByRole('button', { name: 'Deploy Character' }).click();
    await expect(page).toHaveURL(/\/characters$/);
    await expect(page.getByRole('dialog', { name: FORM_TEXT.leaveTitle })).toBeHidden();
  });

  test('the skip link is the first stop of the keyboard and lands on the page', async ({ page }) => {
    await signIn(page, 325);
    await page.goto('/characters/new');
    // A visitor tabs once the page is drawn: the first render is a transition, which can end after
    // the load event.
    await expect(page.getByLabel('Character Name')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: FORM_TEXT.skipToContent });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});

test('a signed-out deep link comes back to its address after sign-in', async ({ page }) => {
  await installTestWallet(page, { seedByte: 326 });
  await page.goto('/media?type=video');
  await expect(page).toHaveURL(/\/login$/);
  await connectTestWallet(page);
  await pressLogin(page);
  await expect(page).toHaveURL(/\/media\?type=video$/);
  await expect(page.getByRole('heading', { name: 'My Media' })).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a toast leaves the page title and the form in sight', async ({ page }) => {
    await signIn(page, 332);
    await page.goto('/characters/new');
    await page.getByRole('button', { name: 'Deploy Character' }).click();
    const toast = page.getByText(MESSAGES.characters.nameAndAppearanceRequired);
    await expect(toast).toBeVisible();
    await expectFocusedError(page, page.getByLabel('Character Name'), FORM_TEXT.errors.name);
    await page.evaluate(() => window.scrollTo(0, 0));
    const title = await page.getByRole('heading', { name: 'Create AI Character' }).boundingBox();
    await expect
      .poll(async () => (await toast.boundingBox())?.y ?? 0)
      .toBeGreaterThan(title!.y + title!.height);
  });
});
