import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon, UserIcon } from '../../components/ui/icons';
import { logOut } from '../../lib/session';
import { useDismiss } from './use-dismiss';
import { cn } from '../../lib/class-names';

/** spec §2: the logged-in 'Perfil' menu (Mi perfil → /profile; Cerrar sesión). A disclosure: button + list. */
export function ProfileMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, panelRef, buttonRef);
  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={cn(
          'inline-flex min-h-11 items-center gap-1.5 rounded-full',
          'border-2 border-brand/20 bg-white px-3 font-bold',
          'text-brand-dark transition hover:border-brand/40',
          'hover:bg-brand-light',
        )}
      >
        <UserIcon size={20} />
        Perfil
        <ChevronDownIcon size={16} className={`transition ${open ? 'rotate-180' : ''}`} />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-52 overflow-hidden rounded-2xl border border-sand bg-white py-2 shadow-xl"
      >
        <Link
          to="/profile"
          onClick={close}
          className="flex min-h-11 items-center px-4 font-semibold text-ink hover:bg-cream"
        >
          Mi perfil
        </Link>
        <button
          type="button"
          onClick={logOut}
          className="flex min-h-11 w-full items-center px-4 text-left font-semibold text-coral hover:bg-cream"
        >
          Cerrar sesión
        </button>
      </div>
    </div>
  );
}
