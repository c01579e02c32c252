import { RouterProvider, createBrowserRouter } from 'react-router';
import { useSessionCheck } from '../features/auth/use-session-check';
import { WalletHost } from '../features/auth/wallet/wallet-host';
import { AppRoutes } from './router';
import { ToasterMount } from './toaster-mount';

function Root() {
  return (
    <>
      <AppRoutes />
      <ToasterMount />
      <WalletHost />
    </>
  );
}

// A data router, so a page can ask before the user leaves it (useBlocker); the routes themselves
// stay declared in AppRoutes.
const router = createBrowserRouter([{ path: '*', element: <Root /> }]);

export function App() {
  useSessionCheck();
  return <RouterProvider router={router} />;
}
