import { useNavigate } from 'react-router';
import { ROUTES } from '@baegen/shared';
import { useAuthStore } from '../features/auth/auth.store';
import { disconnectWallet } from '../features/auth/wallet/wallet-bridge.store';

/** Ends the server session, disconnects the wallet, resets the store and returns to the landing page. */
export function useLogout() {
  const navigate = useNavigate();
  const logout = useAuthStore((s) => s.logout);
  return async () => {
    try {
      await logout();
    } catch {
      // The store logged it and reset itself; the visitor is signed out here either way.
    }
    await disconnectWallet().catch((error: unknown) => console.error('Wallet disconnect failed:', error));
    navigate(ROUTES.home);
  };
}
