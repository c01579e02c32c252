import { useWalletBridge } from './wallet-bridge.store';

/**
 * Mounts the wallet runtime once something asked for it: the login page, once painted, or a wallet
 * button. Signed-in pages never ask: nothing on them needs a connected wallet, and Logout without
 * the runtime forgets the remembered wallet instead (disconnectWallet), so their first screen does
 * not pay for the wallet code.
 */
export function WalletHost() {
  const Runtime = useWalletBridge((s) => s.Runtime);
  return Runtime ? <Runtime /> : null;
}
