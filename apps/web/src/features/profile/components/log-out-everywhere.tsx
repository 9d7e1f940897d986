import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PROFILE } from '@tienda/shared/messages';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-field';
import { leaveDialog } from '../../../components/ui/use-back-closes';
import { ApiError } from '../../../lib/api-client';
import { clearToken } from '../../../lib/session';
import { useLogOutEverywhere } from '../api/log-out-everywhere';

const LABEL = 'Cerrar sesión en todos los dispositivos';

/**
 * Ends every session of the account, this one included (docs/decisions/0014-…): asks first, then drops the local
 * token and goes to /login. The header's Cerrar sesión stays local (spec §2).
 */
export function LogOutEverywhere() {
  const logOut = useLogOutEverywhere();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setFailure(null);
    try {
      await logOut.mutateAsync();
    } catch (error) {
      // A 401 means this session had already ended: the local logout below is all that is left to do.
      if (!(error instanceof ApiError && error.status === 401)) {
        setAsking(false);
        setFailure(PROFILE.logoutAllFailed);
        return;
      }
    }
    clearToken();
    // /login replaces /profile itself, not the confirmation's history entry (components/ui/use-back-closes.ts).
    await leaveDialog();
    navigate('/login', { replace: true });
  };

  return (
    <section aria-labelledby="perfil-sesiones" className="grid gap-3">
      <h2 id="perfil-sesiones" className="font-display text-2xl font-semibold text-ink">
        Sesiones
      </h2>
      <p className="text-ink-soft">
        ¿Entraste desde un equipo ajeno o perdiste tu teléfono? Cierra todas tus sesiones.
      </p>
      <FormAlert>{failure}</FormAlert>
      <button
        type="button"
        className="btn-secondary w-full sm:w-auto sm:justify-self-start"
        onClick={() => setAsking(true)}
      >
        {LABEL}
      </button>
      <ConfirmDialog
        open={asking}
        title={`${LABEL}?`}
        message={PROFILE.logoutAllConfirm}
        confirmLabel="Cerrar sesiones"
        busy={logOut.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
