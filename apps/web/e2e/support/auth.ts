import { type Page, expect } from '@playwright/test';
import { MESSAGES, WALLET_BUTTON_LABELS } from '@baegen/shared';
import { TEST_WALLET_NAME, installTestWallet } from './test-wallet';

/** Connects the injected test wallet through the wallet dialog of the login card. */
export async function connectTestWallet(page: Page) {
  const card = page.getByTestId('login-card');
  await card.getByRole('button', { name: WALLET_BUTTON_LABELS.noWallet }).click();
  const dialog = page.getByRole('dialog', { name: MESSAGES.wallet.dialogTitleWithWallets });
  await dialog.getByRole('button', { name: new RegExp(TEST_WALLET_NAME) }).click();
  await expect(dialog).toBeHidden();
}

/** Presses the Login button of the login card. */
export async function pressLogin(page: Page) {
  await page
    .getByTestId('login-card')
    .getByRole('button', { name: MESSAGES.login.button, exact: true })
    .click();
}

/**
 * Signs in through the real UI with the injected test wallet (key from `seedByte`) and ends on
 * /dashboard, signed in.
 */
export async function signIn(page: Page, seedByte = 7) {
  const { address } = await installTestWallet(page, { seedByte });
  await page.goto('/login');
  await connectTestWallet(page);
  await pressLogin(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { address };
}
