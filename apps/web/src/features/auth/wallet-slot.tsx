import { useNavigate } from 'react-router';
import { ROUTES } from '@baegen/shared';
import { Button } from '../../components/ui/button';

/** The header's wallet control while signed out. */
export function WalletSlot() {
  const navigate = useNavigate();
  return (
    <Button size="sm" onClick={() => navigate(ROUTES.login)}>
      Select Wallet
    </Button>
  );
}
