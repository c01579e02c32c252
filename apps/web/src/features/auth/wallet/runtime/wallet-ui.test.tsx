import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COPIED_LABEL_MS,
  MESSAGES,
  WALLET_BUTTON_LABELS,
  WALLET_DIALOG_FADE_MS,
  WALLET_DIRECTORY_URL,
  WALLET_STORAGE_KEY,
  shortenAddress,
} from '@baegen/shared';
import { FAKE_ADDRESS, fakeWallet, registerFakeWallets } from './fake-standard-wallet';
import { MOBILE_WALLET_NAME } from './standard-wallets';
import { WalletButton } from './wallet-button';
import { WalletProvider, useWalletState } from './wallet-context';
import { WalletDialogHost, partitionWallets } from './wallet-dialog';

const cleanups: (() => void)[] = [];

function register(...wallets: ReturnType<typeof fakeWallet>[]) {
  cleanups.push(registerFakeWallets(...wallets.map((w) => w.wallet)));
}

function OpenDialog() {
  const { setDialogOpen } = useWalletState();
  return (
    <button type="button" onClick={() => setDialogOpen(true)}>
      open
    </button>
  );
}

function renderWallet() {
  const onError = vi.fn();
  render(
    <WalletProvider onError={onError}>
      <WalletButton />
      <OpenDialog />
      <WalletDialogHost />
    </WalletProvider>,
  );
  return { onError };
}

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  localStorage.clear();
  vi.useRealTimers();
});

describe('WalletDialog', () => {
  it('lists registered wallets as Detected and hides the Mobile Wallet Adapter beside them', () => {
    register(fakeWallet('Phantom'), fakeWallet(MOBILE_WALLET_NAME));
    renderWallet();
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getByRole('dialog', { name: MESSAGES.wallet.dialogTitleWithWallets })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Phantom/ }).textContent).toContain(MESSAGES.wallet.detected);
    expect(screen.queryByRole('button', { name: new RegExp(MOBILE_WALLET_NAME) })).toBeNull();
  });

  it('offers the Mobile Wallet Adapter, not Detected, when it is the only wallet', () => {
    register(fakeWallet(MOBILE_WALLET_NAME));
    renderWallet();
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    const mobile = screen.getByRole('button', { name: new RegExp(MOBILE_WALLET_NAME) });
    expect(mobile.textContent).not.toContain(MESSAGES.wallet.detected);
  });

  it('keeps wallets that are not installed behind More options', () => {
    const phantom = fakeWallet('Phantom').wallet;
    const mobile = fakeWallet(MOBILE_WALLET_NAME).wallet;
    expect(partitionWallets([mobile, phantom])).toEqual({ listed: [phantom], more: [mobile] });
    expect(partitionWallets([mobile])).toEqual({ listed: [mobile], more: [] });
  });

  it('says a wallet is needed and offers to find one when there is none', () => {
    renderWallet();
    fireEvent.click(screen.getByRole('button', { name: WALLET_BUTTON_LABELS.noWallet }));
    expect(screen.getByRole('dialog', { name: MESSAGES.wallet.dialogTitleNoWallets })).toBeTruthy();
    expect(screen.getByText(MESSAGES.wallet.noWalletFound)).toBeTruthy();
    const link = screen.getByRole('link', { name: MESSAGES.wallet.findWallet });
    expect(link.getAttribute('href')).toBe(WALLET_DIRECTORY_URL);
  });

  it('fades out for 150 ms before closing on Escape', () => {
    vi.useFakeTimers();
    renderWallet();
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    fireEvent.keyDown(window, { key: 'Escape' });
    act(() => vi.advanceTimersByTime(WALLET_DIALOG_FADE_MS - 1));
    expect(screen.getByTestId('wallet-dialog').className).toContain('opacity-0');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('wallet-dialog')).toBeNull();
  });
});

describe('WalletButton', () => {
  it('connects the wallet picked in the dialog and remembers it under walletName', async () => {
    const phantom = fakeWallet('Phantom');
    register(phantom);
    renderWallet();
    fireEvent.click(screen.getByRole('button', { name: WALLET_BUTTON_LABELS.noWallet }));
    fireEvent.click(screen.getByRole('button', { name: /Phantom/ }));
    await screen.findByText(shortenAddress(FAKE_ADDRESS));
    expect(phantom.connect).toHaveBeenCalledWith({ silent: false });
    expect(localStorage.getItem(WALLET_STORAGE_KEY)).toBe('"Phantom"');
  });

  it('reconnects the remembered wallet silently once it registers (autoConnect)', async () => {
    localStorage.setItem(WALLET_STORAGE_KEY, '"Phantom"');
    const phantom = fakeWallet('Phantom');
    renderWallet();
    act(() => register(phantom));
    await screen.findByText(shortenAddress(FAKE_ADDRESS));
    expect(phantom.connect).toHaveBeenCalledWith({ silent: true });
  });

  it('reads Connecting ... while connecting, and Connect after a refused connection', async () => {
    localStorage.setItem(WALLET_STORAGE_KEY, '"Phantom"');
    let refuse: (error: Error) => void = () => undefined;
    const phantom = fakeWallet('Phantom', {
      connect: () => new Promise((_resolve, reject) => (refuse = reject)),
    });
    register(phantom);
    const { onError } = renderWallet();
    await waitFor(() =>
      expect(screen.getByTestId('wallet-button').textContent).toBe(WALLET_BUTTON_LABELS.connecting),
    );
    await act(async () => refuse(new Error('User rejected the request.')));
    expect(onError).toHaveBeenCalled();
    expect(screen.getByTestId('wallet-button').textContent).toBe(WALLET_BUTTON_LABELS.noWallet);
    expect(localStorage.getItem(WALLET_STORAGE_KEY)).toBeNull();
  });

  it('shows our short address with Copy address, Change wallet and Disconnect', async () => {
    localStorage.setItem(WALLET_STORAGE_KEY, '"Phantom"');
    const phantom = fakeWallet('Phantom');
    register(phantom);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWallet();
    const button = await screen.findByRole('button', {
      name: new RegExp(shortenAddress(FAKE_ADDRESS).replace(/\./g, '\\.')),
    });
    expect(button.textContent).toBe(shortenAddress(FAKE_ADDRESS));

    vi.useFakeTimers();
    fireEvent.click(button);
    const copy = screen.getByRole('menuitem', { name: WALLET_BUTTON_LABELS.copyAddress });
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(writeText).toHaveBeenCalledWith(FAKE_ADDRESS);
    expect(copy.textContent).toBe(WALLET_BUTTON_LABELS.copied);
    act(() => vi.advanceTimersByTime(COPIED_LABEL_MS));
    expect(copy.textContent).toBe(WALLET_BUTTON_LABELS.copyAddress);

    fireEvent.click(screen.getByRole('menuitem', { name: WALLET_BUTTON_LABELS.changeWallet }));
    expect(screen.getByRole('dialog', { name: MESSAGES.wallet.dialogTitleWithWallets })).toBeTruthy();
    act(() => vi.advanceTimersByTime(WALLET_DIALOG_FADE_MS));
    fireEvent.keyDown(window, { key: 'Escape' });
    act(() => vi.advanceTimersByTime(WALLET_DIALOG_FADE_MS));
    vi.useRealTimers();

    fireEvent.click(button);
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: WALLET_BUTTON_LABELS.disconnect }));
    });
    expect(phantom.disconnect).toHaveBeenCalled();
    expect(screen.getByTestId('wallet-button').textContent).toBe(WALLET_BUTTON_LABELS.noWallet);
    expect(localStorage.getItem(WALLET_STORAGE_KEY)).toBeNull();
  });
});
