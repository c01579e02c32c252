import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Adapter, type WalletName, WalletReadyState } from '@solana/wallet-adapter-base';
import { type Wallet, WalletContext, type WalletContextState } from '@solana/wallet-adapter-react';
import { WalletModalContext } from '@solana/wallet-adapter-react-ui';
import { PublicKey } from '@solana/web3.js';
import {
  COPIED_LABEL_MS,
  MESSAGES,
  WALLET_BUTTON_LABELS,
  WALLET_DIALOG_FADE_MS,
  WALLET_DIRECTORY_URL,
  shortenAddress,
} from '@baegen/shared';
import { WalletButton } from './wallet-button';
import { WalletDialog } from './wallet-dialog';

const ICON = 'data:image/svg+xml;base64,PHN2Zy8+';
const ADDRESS = 'GPWrXWXc6cTUiT3jnoKkgWWh1bVdv1YCLqaG3MDs7yRn';

function wallet(name: string, readyState: WalletReadyState): Wallet {
  return { adapter: { name: name as WalletName, icon: ICON } as Adapter, readyState };
}

function renderWith(ui: ReactNode, state: Partial<WalletContextState> = {}, setVisible = vi.fn()) {
  const context = {
    wallets: [],
    wallet: null,
    publicKey: null,
    connecting: false,
    connected: false,
    disconnecting: false,
    select: vi.fn(),
    connect: vi.fn().mockResolvedValue(undefined),
    disconnect: vi.fn().mockResolvedValue(undefined),
    ...state,
  } as unknown as WalletContextState;
  render(
    <WalletContext.Provider value={context}>
      <WalletModalContext.Provider value={{ visible: true, setVisible }}>{ui}</WalletModalContext.Provider>
    </WalletContext.Provider>,
  );
  return { context, setVisible };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('WalletDialog', () => {
  it('lists installed wallets as Detected and keeps the rest behind More options', () => {
    const { context } = renderWith(<WalletDialog />, {
      wallets: [wallet('Phantom', WalletReadyState.Installed), wallet('Mobile', WalletReadyState.Loadable)],
    });
    expect(screen.getByRole('dialog', { name: MESSAGES.wallet.dialogTitleWithWallets })).toBeTruthy();
    const phantom = screen.getByRole('button', { name: /Phantom/ });
    expect(phantom.textContent).toContain(MESSAGES.wallet.detected);
    expect(screen.queryByRole('button', { name: /Mobile/ })).toBeNull();

    const more = screen.getByRole('button', { name: MESSAGES.wallet.moreOptions });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: /Mobile/ }).textContent).not.toContain(
      MESSAGES.wallet.detected,
    );

    fireEvent.click(phantom);
    expect(context.select).toHaveBeenCalledWith('Phantom');
  });

  it('says a wallet is needed and offers to find one when there is none', () => {
    renderWith(<WalletDialog />);
    expect(screen.getByRole('dialog', { name: MESSAGES.wallet.dialogTitleNoWallets })).toBeTruthy();
    expect(screen.getByText(MESSAGES.wallet.noWalletFound)).toBeTruthy();
    const link = screen.getByRole('link', { name: MESSAGES.wallet.findWallet });
    expect(link.getAttribute('href')).toBe(WALLET_DIRECTORY_URL);
  });

  it('fades out for 150 ms before closing on Escape', () => {
    vi.useFakeTimers();
    const { setVisible } = renderWith(<WalletDialog />);
    fireEvent.keyDown(window, { key: 'Escape' });
    act(() => vi.advanceTimersByTime(WALLET_DIALOG_FADE_MS - 1));
    expect(setVisible).not.toHaveBeenCalled();
    expect(screen.getByTestId('wallet-dialog').className).toContain('opacity-0');
    act(() => vi.advanceTimersByTime(1));
    expect(setVisible).toHaveBeenCalledWith(false);
  });
});

describe('WalletButton', () => {
  it('reads Select Wallet with no wallet and opens the dialog', () => {
    const { setVisible } = renderWith(<WalletButton />, {}, vi.fn());
    fireEvent.click(screen.getByRole('button', { name: WALLET_BUTTON_LABELS.noWallet }));
    expect(setVisible).toHaveBeenCalledWith(true);
  });

  it('reads Connect with a chosen wallet and connects it', () => {
    const { context } = renderWith(<WalletButton />, {
      wallet: wallet('Phantom', WalletReadyState.Installed),
    });
    fireEvent.click(screen.getByRole('button', { name: WALLET_BUTTON_LABELS.hasWallet }));
    expect(context.connect).toHaveBeenCalled();
  });

  it('reads Connecting ... while connecting', () => {
    renderWith(<WalletButton />, { wallet: wallet('Phantom', WalletReadyState.Installed), connecting: true });
    expect(screen.getByRole('button').textContent).toBe(WALLET_BUTTON_LABELS.connecting);
  });

  it('shows our short address when connected, with Copy address, Change wallet and Disconnect', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { context, setVisible } = renderWith(<WalletButton />, {
      wallet: wallet('Phantom', WalletReadyState.Installed),
      connected: true,
      publicKey: new PublicKey(ADDRESS),
    });
    const button = screen.getByRole('button', {
      name: new RegExp(shortenAddress(ADDRESS).replace(/\./g, '\\.')),
    });
    expect(button.textContent).toBe(shortenAddress(ADDRESS));
    fireEvent.click(button);

    const copy = screen.getByRole('menuitem', { name: WALLET_BUTTON_LABELS.copyAddress });
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(copy.textContent).toBe(WALLET_BUTTON_LABELS.copied);
    act(() => vi.advanceTimersByTime(COPIED_LABEL_MS));
    expect(copy.textContent).toBe(WALLET_BUTTON_LABELS.copyAddress);

    fireEvent.click(screen.getByRole('menuitem', { name: WALLET_BUTTON_LABELS.changeWallet }));
    expect(setVisible).toHaveBeenCalledWith(true);
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: WALLET_BUTTON_LABELS.disconnect }));
    expect(context.disconnect).toHaveBeenCalled();
  });
});
