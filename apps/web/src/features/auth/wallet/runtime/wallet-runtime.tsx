import { useEffect, useLayoutEffect, useMemo } from 'react';
import { createPortal } from 'react-dom';
import bs58 from 'bs58';
import { loadPublicConfig } from '../../api/public-config';
import { useWalletBridge } from '../wallet-bridge.store';
import { messageSigner } from './standard-wallets';
import { WalletButton } from './wallet-button';
import { WalletProvider, useWalletState } from './wallet-context';
import { WalletDialogHost } from './wallet-dialog';

// Wallet Standard wallets (Phantom, Solflare, Backpack, …) register themselves. The Solana Mobile
// Wallet Adapter only works in an Android browser over https, so only there is its code loaded.
let mobileWalletRequested = false;

function useMobileWallet() {
  useEffect(() => {
    if (mobileWalletRequested || !window.isSecureContext || !/android/i.test(navigator.userAgent)) return;
    mobileWalletRequested = true;
    import('./mobile-wallet')
      .then(({ registerMobileWallet }) => registerMobileWallet())
      .catch((error: unknown) => {
        mobileWalletRequested = false;
        console.error('Could not set up the Mobile Wallet Adapter:', error);
      });
  }, []);
}

let devWalletRequested = false;

/** Registers the Development Wallet when the server offers it (DEV_WALLET, on by default). */
function useDevelopmentWallet() {
  useEffect(() => {
    if (devWalletRequested) return;
    devWalletRequested = true;
    loadPublicConfig()
      .then(async ({ devWallet }) => {
        if (!devWallet) return;
        const { registerDevelopmentWallet } = await import('../../dev-wallet/dev-wallet');
        await registerDevelopmentWallet();
      })
      .catch((error: unknown) => {
        devWalletRequested = false;
        console.error('Could not set up the Development Wallet:', error);
      });
  }, []);
}

/** Publishes the wallet's state and actions to the bridge store the rest of the app reads. */
function BridgeSync() {
  const { wallet, account, disconnect, setDialogOpen: setVisible } = useWalletState();

  useEffect(() => {
    const sign = wallet && account ? messageSigner(wallet, account) : undefined;
    useWalletBridge.setState({
      wallet: {
        walletName: wallet?.name ?? null,
        address: account?.address ?? null,
        signMessage: sign
          ? async (message) => bs58.encode(await sign(new TextEncoder().encode(message)))
          : undefined,
      },
    });
  }, [wallet, account]);

  useLayoutEffect(() => {
    useWalletBridge.setState({ openDialog: () => setVisible(true), disconnect });
  }, [setVisible, disconnect]);

  // The runtime's first commit already put the real buttons into the slots: now the placeholders go.
  useLayoutEffect(() => {
    const { openWhenReady } = useWalletBridge.getState();
    useWalletBridge.setState({ status: 'ready', openWhenReady: false });
    if (openWhenReady) setVisible(true);
  }, [setVisible]);
  return null;
}

function SlotButtons() {
  const slots = useWalletBridge((s) => s.slots);
  const entries = useMemo(() => Object.entries(slots), [slots]);
  return entries.map(([id, element]) =>
    createPortal(<WalletButton size={element.dataset.walletSlot === 'md' ? 'md' : 'sm'} />, element, id),
  );
}

const logError = (error: unknown) => console.error('Wallet error:', error);

/** Everything wallet: Wallet Standard wallets, our dialog, the buttons in every slot. */
export function WalletRuntime() {
  useDevelopmentWallet();
  useMobileWallet();
  return (
    <WalletProvider onError={logError}>
      <SlotButtons />
      <BridgeSync />
      <WalletDialogHost />
    </WalletProvider>
  );
}
