import { SOLANA_NETWORK } from '../contract/constants';

/** localStorage key of the persisted auth state (docs/product.md §3.1). */
export const AUTH_STORAGE_KEY = 'auth-storage';
/** localStorage key of the last chosen wallet (docs/product.md §2.4). */
export const WALLET_STORAGE_KEY = 'walletName';
/** Wallet Standard chain id of SOLANA_NETWORK. */
export const SOLANA_CHAIN = `solana:${SOLANA_NETWORK}`;
/** Where the wallet dialog's "Find a wallet" action leads. */
export const WALLET_DIRECTORY_URL = 'https://solana.com/solana-wallets';

export const DEV_WALLET_NAME = 'Development Wallet';
/** localStorage key holding the Development Wallet's secret seed in that browser. */
export const DEV_WALLET_STORAGE_KEY = 'devWalletSeed';
