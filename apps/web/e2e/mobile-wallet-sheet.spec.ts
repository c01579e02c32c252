import { type Locator, expect, test } from '@playwright/test';
import { MESSAGES, WALLET_BUTTON_LABELS } from '@baegen/shared';
import { watchViolations } from './support/csp';
import { noDevWalletBaseURL } from './support/servers';

// An Android phone: the only browser in which the Mobile Wallet Adapter is offered. The server has
// no Development Wallet, so the adapter is the one wallet the dialog lists.
test.use({
  baseURL: noDevWalletBaseURL(),
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
});

// The product's theme (src/index.css): ink-900 panels, the card radius, the sans-serif stack.
const INK_900 = 'rgb(18, 12, 29)';
const CARD_RADIUS = '20px';

async function expectProductTheme(panel: Locator) {
  const style = await panel.evaluate((element) => {
    const computed = getComputedStyle(element);
    return {
      background: computed.backgroundColor,
      radius: computed.borderTopLeftRadius,
      font: computed.fontFamily,
    };
  });
  expect(style.background).toBe(INK_900);
  expect(style.radius).toBe(CARD_RADIUS);
  expect(style.font).toMatch(/^Inter,/);
}

test('at 375 px /login and its wallet sheets run in the product theme with no CSP error', async ({
  page,
}) => {
  const expectNone = await watchViolations(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNone('/login');

  await page.getByTestId('login-card').getByRole('button', { name: WALLET_BUTTON_LABELS.noWallet }).tap();
  const dialog = page.getByRole('dialog', { name: MESSAGES.wallet.dialogTitleWithWallets });
  await expect(dialog).toBeVisible();
  await expectProductTheme(dialog.locator('.card'));
  await expectNone('the wallet dialog');

  // The adapter's own sheet follows (which one depends on the browser: asking for the local network
  // permission, or no wallet app found on this machine), restyled.
  await dialog.getByRole('button', { name: /Mobile Wallet Adapter/ }).tap();
  const sheet = page.locator('.mobile-wallet-adapter-embedded-modal-card');
  await expect(sheet).toBeVisible();
  await expect(sheet.locator('.mobile-wallet-adapter-embedded-modal-title')).toHaveText(
    /Allow connections to your wallet|We can't find a wallet\./,
  );
  await expectProductTheme(sheet);
  const action = sheet.locator('button[id^="mobile-wallet-adapter-"]');
  await expect(action).toBeVisible();
  expect(await action.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain(
    'linear-gradient',
  );
  await expect(page.locator('link[href*="fonts.googleapis.com"]')).toHaveCount(0);
  await expectNone('the Mobile Wallet Adapter sheet');
});
