import { BrowserRouter } from 'react-router';
import { AppToaster } from './app-toaster';
import { AppRoutes } from './router';

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
      <AppToaster />
    </BrowserRouter>
  );
}
