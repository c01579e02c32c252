import { expect, test } from '@playwright/test';
import {
  DEV_WALLET_NAME,
  DEV_WALLET_STORAGE_KEY,
  MESSAGES,
  WALLET_BUTTON_LABELS,
  WALLET_STORAGE_KEY,
  shortenAddress,
  userIdFromAddress,
} from '@baegen/shared';
import { connectTestWallet, pressLogin, signIn } from './support/auth';
import { noDevWalletBaseURL } from './support/servers';
import { installTestWallet } from './support/test-wallet';

test('a visitor signs in with a wallet, stays signed in on reload and signs out', async ({ page }) => {
  const { address } = await installTestWallet(page, { seedByte: 31 });
  await page.goto('/');
  await page.getByTestId('hero-cta').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login to BaeGen' })).toBeVisible();

  await connectTestWallet(page);
  const card = page.getByTestId('login-card');
  await expect(card.getByTestId('wallet-button')).toContainText(shortenAddress(address));
  await pressLogin(page);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(MESSAGES.auth.success)).toBeVisible();
  const header = page.getByTestId('site-header');
  await expect(header.getByTestId('header-address')).toHaveText(shortenAddress(address));

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(header.getByTestId('header-address')).toHaveText(shortenAddress(address));
  const session = await page.request.get('/api/auth/session');
  expect(await session.json()).toEqual({ userId: userIdFromAddress(address), walletAddress: address });

  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByTestId('header-address')).toHaveCount(0);
  expect((await page.request.get('/api/auth/session')).status()).toBe(401);
  expect(await page.evaluate((key) => localStorage.getItem(key), WALLET_STORAGE_KEY)).toBeNull();

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a session the server no longer knows sends a protected page to /login', async ({ page, context }) => {
  await signIn(page, 33);
  await context.clearCookies();
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('header-address')).toHaveCount(0);
});

test('the landing page loads the wallet code only when the wallet button is approached', async ({ page }) => {
  const walletChunks: string[] = [];
  page.on('request', (request) => {
    if (/wallet-runtime/.test(request.url())) walletChunks.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(walletChunks).toEqual([]);
  await page.getByTestId('site-header').getByRole('button', { name: WALLET_BUTTON_LABELS.noWallet }).hover();
  await expect.poll(() => walletChunks.length).toBe(1);
  await page.getByTestId('site-header').getByRole('button', { name: WALLET_BUTTON_LABELS.noWallet }).click();
  await expect(page.getByRole('dialog', { name: MESSAGES.wallet.dialogTitleWithWallets })).toBeVisible();
});

test('/login draws and sets up its wallets without the sign-in calls and schemas, which load on the way to Login', async ({
  page,
}) => {
  const signInChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/(auth\.api|signed-out-later|contract-schemas|schemas)-/.test(request.url()))
      signInChunks.push(request.url());
  });
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.waitForLoadState('networkidle');
  // The Development Wallet is set up from the settings the page carries.
  await expect(page.getByTestId('dev-wallet-note')).toBeVisible();
  expect(signInChunks).toEqual([]);

  await page
    .getByTestId('login-card')
    .getByRole('button', { name: MESSAGES.login.button, exact: true })
    .hover();
  await expect.poll(() => signInChunks.length).toBe(4);
});

test('a signed-in page loads no wallet code: nothing on it needs the wallet', async ({ page }) => {
  await signIn(page, 400);
  const walletChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/(wallet-runtime|dev-wallet|mobile-wallet)-/.test(request.url())) walletChunks.push(request.url());
  });
  await page.reload();
  await expect(page.getByTestId('site-header').getByTestId('header-address')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Past the idle time at which the wallet code used to load, and past its requests.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.waitForLoadState('networkidle');
  expect(walletChunks).toEqual([]);
});

test('a rejected signature request ends in the failure message', async ({ page }) => {
  await installTestWallet(page, { seedByte: 32, rejectSignatures: true });
  await page.goto('/login');
  await connectTestWallet(page);
  await pressLogin(page);
  await expect(page.getByText(MESSAGES.auth.failed)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/auth/session')).status()).toBe(401);
});

test('Login without a connected wallet asks for one', async ({ page }) => {
  await page.goto('/login');
  await pressLogin(page);
  await expect(page.getByText(MESSAGES.auth.connectWalletFirst())).toBeVisible();
});

test('the Development Wallet signs in a browser with no wallet of its own', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('dev-wallet-note')).toBeVisible();
  await page.getByTestId('login-card').getByRole('button', { name: WALLET_BUTTON_LABELS.noWallet }).click();
  const dialog = page.getByRole('dialog', { name: MESSAGES.wallet.dialogTitleWithWallets });
  const devWallet = dialog.getByRole('button', { name: new RegExp(DEV_WALLET_NAME) });
  await expect(devWallet).toContainText(MESSAGES.wallet.detected);
  await devWallet.click();
  await pressLogin(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const address = await page.getByTestId('header-address').getAttribute('title');
  expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), DEV_WALLET_STORAGE_KEY)).toBeTruthy();
});

test.describe('with DEV_WALLET=false and no wallet installed', () => {
  test.use({ baseURL: noDevWalletBaseURL() });

  test('the wallet dialog says a wallet is needed', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('dev-wallet-note')).toHaveCount(0);
    await page.getByTestId('login-card').getByRole('button', { name: WALLET_BUTTON_LABELS.noWallet }).click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.wallet.dialogTitleNoWallets });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(MESSAGES.wallet.noWalletFound)).toBeVisible();
    await expect(dialog.getByRole('link', { name: MESSAGES.wallet.findWallet })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
