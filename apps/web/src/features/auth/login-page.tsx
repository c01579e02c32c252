import { Navigate } from 'react-router';
import { APP_NAME, ROUTES } from '@baegen/shared';
import { WalletSlot } from './wallet-slot';
import { useAuthStore } from './auth.store';

export function LoginPage() {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  if (isAuthenticated) return <Navigate to={ROUTES.dashboard} replace />;
  return (
    <div className="grid min-h-[60vh] place-items-center">
      <section className="card w-full max-w-md p-8 text-center shadow-glow">
        <h1 className="text-2xl font-bold">
          Login to <span className="text-gradient">{APP_NAME}</span>
        </h1>
        <p className="mt-2 text-ink-300">Connect your Solana wallet and sign a message. No passwords.</p>
        <div className="mt-8 flex justify-center">
          <WalletSlot />
        </div>
      </section>
    </div>
  );
}
