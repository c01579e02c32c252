import { BrowserRouter } from 'react-router';
import { useSessionCheck } from '../features/auth/use-session-check';
import { WalletHost } from '../features/auth/wallet/wallet-host';
import { AppToaster } from './app-toaster';
import { AppRoutes } from './router';

export function App() {
  useSessionCheck();
  return (
    <BrowserRouter>
      <AppRoutes />
      <AppToaster />
      <WalletHost />
    </BrowserRouter>
  );
}
