import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

const root = createRoot(document.getElementById('root')!);
// As a transition, the first render yields to the browser every few milliseconds instead of holding
// the main thread until the whole page is built, so a press or a paint never waits long for it.
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
