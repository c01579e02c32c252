import { Crown } from 'lucide-react';
import { MESSAGES, SUBSCRIPTION_MONTHS, SUBSCRIPTION_PRICE_USD, SUBSCRIPTION_TOKEN } from '@baegen/shared';

/** The paid-access block of docs/product.md §6; renders nothing while SUBSCRIPTION_GATE is off. */
export function SubscriptionGate({ enabled, address }: { enabled: boolean; address: string }) {
  if (!enabled) return null;
  return (
    <section
      aria-labelledby="subscription-title"
      className="mt-6 rounded-2xl border border-violet-glow/40 bg-violet-glow/10 p-4 text-left"
      data-testid="subscription-gate"
    >
      <h2 id="subscription-title" className="flex items-center gap-2 text-base font-semibold">
        <Crown className="size-4 text-rose-glow" aria-hidden />
        {MESSAGES.subscription.title}
      </h2>
      <p className="mt-2 text-sm text-ink-300">
        {MESSAGES.subscription.text(SUBSCRIPTION_MONTHS, SUBSCRIPTION_PRICE_USD, SUBSCRIPTION_TOKEN)}
      </p>
      {address ? (
        <p className="mt-3 text-xs text-ink-400">
          {MESSAGES.subscription.addressLabel}
          <code className="mt-1 block rounded-lg bg-ink-950 px-2 py-1.5 font-mono text-xs break-all text-ink-100">
            {address}
          </code>
        </p>
      ) : null}
    </section>
  );
}
