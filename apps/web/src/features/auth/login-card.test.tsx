import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  MESSAGES,
  type PublicConfig,
  SUBSCRIPTION_MONTHS,
  SUBSCRIPTION_PRICE_USD,
  SUBSCRIPTION_TOKEN,
  WALLET_BUTTON_LABELS,
  publicConfigSchema,
} from '@baegen/shared';
import { fakeGenerationCapabilities } from '../../test/fake-api';
import { LoginCard } from './login-card';

const gateText = MESSAGES.subscription.text(SUBSCRIPTION_MONTHS, SUBSCRIPTION_PRICE_USD, SUBSCRIPTION_TOKEN);
const address = 'Pay1111111111111111111111111111111111111111';

/** The answer of /api/config; every flag off unless the test turns it on. */
const config = (flags: Partial<PublicConfig>): PublicConfig =>
  publicConfigSchema.parse({
    devWallet: false,
    subscriptionGate: false,
    subscriptionAddress: '',
    imageCapabilities: fakeGenerationCapabilities(),
    ...flags,
  });

const card = (value: PublicConfig | undefined, loggingIn = false) => (
  <LoginCard config={value} loggingIn={loggingIn} onLogin={vi.fn()} />
);

describe('LoginCard', () => {
  it('shows the heading, the wallet control and the Login button', () => {
    render(card(undefined));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Login to BaeGen');
    expect(screen.getByRole('button', { name: WALLET_BUTTON_LABELS.noWallet })).toBeTruthy();
    expect(screen.getByRole('button', { name: MESSAGES.login.button })).toBeTruthy();
  });

  it('shows nothing of the subscription gate while the flag is off', () => {
    const { container } = render(card(config({})));
    expect(screen.queryByTestId('subscription-gate')).toBeNull();
    expect(container.textContent).not.toContain(MESSAGES.subscription.title);
    expect(container.textContent).not.toContain(`${SUBSCRIPTION_PRICE_USD} dollars`);
  });

  it('shows the subscription terms and the configured address when the flag is on', () => {
    render(card(config({ subscriptionGate: true, subscriptionAddress: address })));
    const gate = screen.getByTestId('subscription-gate');
    expect(gate.textContent).toContain(MESSAGES.subscription.title);
    expect(gate.textContent).toContain(gateText);
    expect(gateText).toContain('1 month subscription');
    expect(gateText).toContain('50 dollars worth of the BaeGen token');
    expect(gate.textContent).toContain(address);
  });

  it('labels the Development Wallet only when the server offers it', () => {
    const { rerender } = render(card(config({ devWallet: true })));
    expect(screen.getByTestId('dev-wallet-note').textContent).toBe(MESSAGES.wallet.devWalletNote);
    rerender(card(config({})));
    expect(screen.queryByTestId('dev-wallet-note')).toBeNull();
  });

  it('disables the Login button while logging in', () => {
    render(card(undefined, true));
    const button = screen.getByRole('button', { name: MESSAGES.login.button }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});
