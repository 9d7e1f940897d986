import { Link } from 'react-router';
import { SHOP_SLOGAN } from '@tienda/shared/constants';

// spec §2: the footer's colour differs on /registro, /login and /olvide-contrasena.
const ALTERNATE_FOOTER_PATHS = ['/registro', '/login', '/olvide-contrasena'];

export function SiteFooter({ pathname }: { pathname: string }) {
  const alternate = ALTERNATE_FOOTER_PATHS.includes(pathname.toLowerCase());
  return (
    <footer className={alternate ? 'bg-brand-dark text-white' : 'bg-sand text-ink'} data-variant={alternate ? 'alternate' : 'default'}>
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-8">
        <p className="font-display text-lg">{SHOP_SLOGAN}</p>
        <Link to="/politicas">Políticas</Link>
      </div>
    </footer>
  );
}
