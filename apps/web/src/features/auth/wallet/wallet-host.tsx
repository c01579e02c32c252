import { useEffect } from 'react';
import { whenIdle } from '../../../lib/when-idle';
import { useAuthStore } from '../auth.store';
import { requestWallet, useWalletBridge } from './wallet-bridge.store';

/**
 * Mounts the wallet runtime once something asked for it. A signed-in visitor gets it after the page
 * is idle, so the remembered wallet reconnects and Logout can disconnect it.
 */
export function WalletHost() {
  const Runtime = useWalletBridge((s) => s.Runtime);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  useEffect(() => {
    if (isAuthenticated && !Runtime) return whenIdle(() => requestWallet());
  }, [isAuthenticated, Runtime]);
  return Runtime ? <Runtime /> : null;
}
