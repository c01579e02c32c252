import { FlaskConical, LogIn } from 'lucide-react';
import { APP_NAME, MESSAGES, type PublicConfig } from '@baegen/shared';
import { Button } from '../../components/ui/button';
import { preloadSignIn } from './auth.store';
import { SubscriptionGate } from './subscription-gate';
import { WalletSlot } from './wallet-slot';

export interface LoginCardProps {
  /** Undefined while /api/config is on its way. */
  config: PublicConfig | undefined;
  loggingIn: boolean;
  onLogin: () => void;
}

/** The login card of docs/product.md §2.2: wallet connect control, Login button, optional notes. */
export function LoginCard({ config, loggingIn, onLogin }: LoginCardProps) {
  return (
    <section className="card w-full max-w-md p-6 text-center shadow-glow sm:p-8" data-testid="login-card">
      <h1 className="text-2xl font-bold sm:text-3xl">
        {MESSAGES.login.title} <span className="text-gradient">{APP_NAME}</span>
      </h1>
      <p className="mt-2 text-ink-300">{MESSAGES.login.subtitle}</p>
      <div className="mt-8 flex flex-col items-center gap-3">
        <WalletSlot size="md" />
        <Button
          size="lg"
          className="w-full max-w-xs"
          loading={loggingIn}
          onClick={onLogin}
          onPointerEnter={preloadSignIn}
          onFocus={preloadSignIn}
          icon={LogIn}
        >
          {MESSAGES.login.button}
        </Button>
      </div>
      {config?.devWallet ? (
        <p
          className="mt-6 flex items-start gap-2 rounded-2xl border border-amber-400/30 bg-amber-400/10 p-3 text-left text-xs text-amber-100"
          data-testid="dev-wallet-note"
        >
          <FlaskConical className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden />
          {MESSAGES.wallet.devWalletNote}
        </p>
      ) : null}
      <SubscriptionGate
        enabled={config?.subscriptionGate ?? false}
        address={config?.subscriptionAddress ?? ''}
      />
    </section>
  );
}
