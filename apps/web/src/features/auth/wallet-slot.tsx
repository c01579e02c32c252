import { useCallback, useId } from 'react';
import { WALLET_BUTTON_LABELS } from '@baegen/shared';
import { Button } from '../../components/ui/button';
import { requestWallet, setWalletSlot, useWalletBridge } from './wallet/wallet-bridge.store';

/**
 * The wallet connect control. Until the wallet code has loaded it is a plain "Select Wallet" button
 * that starts loading it on hover or focus; the loaded runtime then renders the real wallet button
 * into this slot.
 */
export function WalletSlot({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const id = useId();
  const ready = useWalletBridge((s) => s.status === 'ready');
  const opening = useWalletBridge((s) => s.openWhenReady);
  const slotRef = useCallback(
    (element: HTMLDivElement | null) => {
      setWalletSlot(id, element);
      return () => setWalletSlot(id, null);
    },
    [id],
  );
  return (
    <div ref={slotRef} className="inline-flex" data-wallet-slot={size}>
      {ready ? null : (
        <Button
          size={size}
          loading={opening}
          onPointerEnter={() => requestWallet()}
          onFocus={() => requestWallet()}
          onClick={() => requestWallet({ openDialog: true })}
        >
          {WALLET_BUTTON_LABELS.noWallet}
        </Button>
      )}
    </div>
  );
}
