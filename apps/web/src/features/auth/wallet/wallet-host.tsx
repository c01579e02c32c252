import { useEffect } from 'react';
import { useAuthStore } from '../auth.store';
import { requestWallet, useWalletBridge } from './wallet-bridge.store';

function whenIdle(callback: () => void): () => void {
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 1500);
  return () => window.clearTimeout(handle);
}

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
