import { BrowserRouter } from 'react-router';
import { useSessionCheck } from '../features/auth/use-session-check';
import { WalletHost } from '../features/auth/wallet/wallet-host';
import { AppRoutes } from './router';
import { ToasterMount } from './toaster-mount';

export function App() {
  useSessionCheck();
  return (
    <BrowserRouter>
      <AppRoutes />
      <ToasterMount />
      <WalletHost />
    </BrowserRouter>
  );
}
