import { useLocation, useNavigate } from 'react-router';
import { VALIDATION } from '@tienda/shared/messages';
import { Dialog } from '../../../components/ui/dialog';
import { leaveDialog } from '../../../components/ui/use-back-closes';
import { returnHere } from '../../../lib/return-after-login';

export interface LoginRequiredDialogProps {
  open: boolean;
  onClose: () => void;
}

/** spec §4: a guest who adds to the cart is offered 'Ir a iniciar sesión/registrarme' (→ /login). */
export function LoginRequiredDialog({ open, onClose }: LoginRequiredDialogProps) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Inicia sesión para comprar"
      actions={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Seguir mirando
          </button>
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              onClose();
              // The dialog's history entry first (components/ui/use-back-closes.ts): Back from /login returns to the shop.
              void leaveDialog().then(() => navigate('/login', { state: returnHere(location) }));
            }}
          >
            Ir a iniciar sesión/registrarme
          </button>
        </>
      }
    >
      <p className="font-semibold text-ink">{VALIDATION.loginRequiredToAdd}</p>
      <p className="mt-2">Con tu cuenta guardamos tu carrito y puedes pagar con envío a cualquier parte de Honduras.</p>
    </Dialog>
  );
}
