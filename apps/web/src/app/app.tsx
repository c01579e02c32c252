import { UNSAFE_createBrowserHistory } from 'react-router';
import { useSessionCheck } from '../features/auth/use-session-check';
import { WalletHost } from '../features/auth/wallet/wallet-host';
import { GuardedRouter } from '../lib/guarded-router';
import { createNavigationGuard } from '../lib/navigation-guard';
import { AppRoutes } from './router';
import { ToasterMount } from './toaster-mount';

const guard = createNavigationGuard(UNSAFE_createBrowserHistory({ v5Compat: true }));

export function App() {
  useSessionCheck();
  return (
    <GuardedRouter guard={guard}>
      <AppRoutes />
      <ToasterMount />
      <WalletHost />
    </GuardedRouter>
  );
}
