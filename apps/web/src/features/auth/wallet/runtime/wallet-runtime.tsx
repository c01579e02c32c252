import { useEffect, useLayoutEffect, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { ConnectionProvider, WalletProvider, useWallet } from '@solana/wallet-adapter-react';
import { useWalletModal } from '@solana/wallet-adapter-react-ui';
import type { Adapter } from '@solana/wallet-adapter-base';
import { clusterApiUrl } from '@solana/web3.js';
import bs58 from 'bs58';
import { SOLANA_NETWORK, WALLET_STORAGE_KEY } from '@baegen/shared';
import { fetchPublicConfig } from '../../api/auth.api';
import { useWalletBridge } from '../wallet-bridge.store';
import { WalletButton } from './wallet-button';
import { WalletDialogProvider } from './wallet-dialog';

const endpoint = clusterApiUrl(SOLANA_NETWORK);
// Wallet Standard wallets (Phantom, Solflare, Backpack, …) register themselves; on mobile browsers
// WalletProvider adds the Solana Mobile Wallet Adapter on its own. Nothing to list by hand.
const adapters: Adapter[] = [];

let devWalletRequested = false;

/** Registers the Development Wallet when the server offers it (DEV_WALLET, on by default). */
function useDevelopmentWallet() {
  useEffect(() => {
    if (devWalletRequested) return;
    devWalletRequested = true;
    fetchPublicConfig()
      .then(async ({ devWallet }) => {
        if (!devWallet) return;
        const { registerDevelopmentWallet } = await import('../../dev-wallet/dev-wallet');
        registerDevelopmentWallet();
      })
      .catch((error: unknown) => {
        devWalletRequested = false;
        console.error('Could not set up the Development Wallet:', error);
      });
  }, []);
}

/** Publishes the wallet's state and actions to the bridge store the rest of the app reads. */
function BridgeSync() {
  const { wallet, publicKey, connected, signMessage, disconnect } = useWallet();
  const { setVisible } = useWalletModal();
  const walletName = wallet?.adapter.name ?? null;
  const address = connected && publicKey ? publicKey.toBase58() : null;

  useEffect(() => {
    useWalletBridge.setState({
      wallet: {
        walletName,
        address,
        signMessage:
          address && signMessage
            ? async (message) => bs58.encode(await signMessage(new TextEncoder().encode(message)))
            : undefined,
      },
    });
  }, [walletName, address, signMessage]);

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

/** Everything wallet: adapter providers on devnet, our dialog, the buttons in every slot. */
export function WalletRuntime() {
  useDevelopmentWallet();
  return (
    <ConnectionProvider endpoint={endpoint}>
      <WalletProvider
        wallets={adapters}
        autoConnect
        localStorageKey={WALLET_STORAGE_KEY}
        onError={(error) => console.error('Wallet error:', error)}
      >
        <WalletDialogProvider>
          <SlotButtons />
          <BridgeSync />
        </WalletDialogProvider>
      </WalletProvider>
    </ConnectionProvider>
  );
}
