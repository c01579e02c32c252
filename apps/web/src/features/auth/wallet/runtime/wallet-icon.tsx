import type { ImgHTMLAttributes } from 'react';
import type { Wallet } from '@wallet-standard/base';

/** The wallet's own icon (a data URI every Wallet Standard wallet carries), alt text its name. */
export function WalletIcon({ wallet, ...props }: { wallet: Wallet } & ImgHTMLAttributes<HTMLImageElement>) {
  return <img src={wallet.icon} alt={`${wallet.name} icon`} {...props} />;
}
