import {
  createDefaultAuthorizationCache,
  createDefaultChainSelector,
  createDefaultWalletNotFoundHandler,
  registerMwa,
} from '@solana-mobile/wallet-standard-mobile';
import { APP_NAME, SOLANA_CHAIN } from '@baegen/shared';

/**
 * Registers the Solana Mobile Wallet Adapter as a Wallet Standard wallet. Its protocol finds the
 * wallet app on local association ports 49152-65535 and gives up on a session after 30 s.
 */
export function registerMobileWallet(): void {
  registerMwa({
    appIdentity: { name: APP_NAME, uri: `${location.protocol}//${location.host}` },
    authorizationCache: createDefaultAuthorizationCache(),
    chains: [SOLANA_CHAIN],
    chainSelector: createDefaultChainSelector(),
    onWalletNotFound: createDefaultWalletNotFoundHandler(),
  });
}
