import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router';
import { ToasterMount } from './toaster-mount';

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
      <ToasterMount />
    </BrowserRouter>
  );
}
