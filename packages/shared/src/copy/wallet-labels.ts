/**
 * Wallet button labels by state (docs/product.md §2.4). Part of MESSAGES.wallet; kept in a module of their
 * own so the landing page's first load can show "Select Wallet" without carrying every message.
 */
export const WALLET_BUTTON_LABELS = {
  noWallet: 'Select Wallet',
  hasWallet: 'Connect',
  connecting: 'Connecting ...',
  changeWallet: 'Change wallet',
  copyAddress: 'Copy address',
  copied: 'Copied',
  disconnect: 'Disconnect',
} as const;
