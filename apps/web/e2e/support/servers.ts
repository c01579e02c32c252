/** Base URL of the second e2e server, started with DEV_WALLET=false (see playwright.config.ts). */
export function noDevWalletBaseURL(): string {
  const port = process.env.E2E_NO_DEV_WALLET_PORT;
  if (!port) throw new Error('E2E_NO_DEV_WALLET_PORT is not set; run through playwright.config.ts');
  return `http://localhost:${port}`;
}
