import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { MESSAGES, PAGE_HEADINGS, ROUTES } from '@baegen/shared';
import { usePageTitle } from '../../lib/use-page-title';
import { whenIdle } from '../../lib/when-idle';
import { usePublicConfig } from './api/use-public-config';
import { preloadSignIn, useAuthStore } from './auth.store';
import { LoginCard } from './login-card';
import { returnPath } from './return-path';
import { requestWallet, useWalletBridge } from './wallet/wallet-bridge.store';

// react-hot-toast loads with the first toast: the card draws without it (see ToasterMount).
const toast = () => import('react-hot-toast').then((module) => module.default);

export function LoginPage() {
  usePageTitle(PAGE_HEADINGS.login);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const login = useAuthStore((s) => s.login);
  const wallet = useWalletBridge((s) => s.wallet);
  const { data: config } = usePublicConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const [loggingIn, setLoggingIn] = useState(false);

  // The wallet code (and a remembered wallet's reconnect) waits until the card has been painted;
  // a press, hover or focus on the wallet button loads it at once.
  useEffect(() => whenIdle(() => requestWallet()), []);
  // A connected wallet means signing in is next.
  useEffect(() => {
    if (wallet.address) preloadSignIn();
  }, [wallet.address]);

  if (isAuthenticated && !loggingIn) return <Navigate to={ROUTES.dashboard} replace />;

  const onLogin = async () => {
    const { address, signMessage, walletName } = wallet;
    if (!address || !signMessage) {
      void toast().then((t) => t.error(MESSAGES.auth.connectWalletFirst(walletName ?? undefined)));
      return;
    }
    setLoggingIn(true);
    try {
      await login({ address, signMessage });
      void toast().then((t) => t.success(MESSAGES.auth.success));
      // A deep link that sent a signed-out visitor here is where they were going.
      navigate(returnPath(location.state), { replace: true });
    } catch {
      // The store has logged the cause; the visitor gets the one message of docs/product.md §8.1.
      void toast().then((t) => t.error(MESSAGES.auth.failed));
      setLoggingIn(false);
    }
  };

  return (
    // Held at the top, not centred: the card grows when /api/config arrives and must not move.
    <div className="flex justify-center pt-8 sm:pt-16">
      <LoginCard config={config} loggingIn={loggingIn} onLogin={() => void onLogin()} />
    </div>
  );
}
