import { Link, NavLink } from 'react-router';
import { useAdminCheck } from '../../features/accounts/api/verify-admin-role';
import { logOut, useSession } from '../../lib/session';

// spec §2 header: Inicio, Tienda, ¿Quiénes somos?, Contacto, and 'Vista Admin' only for admins.
export function SiteHeader() {
  const { token } = useSession();
  const adminCheck = useAdminCheck();
  return (
    <header className="bg-white shadow-sm">
      <nav aria-label="Principal" className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
        <Link to="/" className="font-display text-xl font-bold text-brand">Jugar y Crecer</Link>
        <NavLink to="/">Inicio</NavLink>
        <NavLink to="/tienda">Tienda</NavLink>
        <NavLink to="/quienes-somos">¿Quiénes somos?</NavLink>
        <NavLink to="/contacto">Contacto</NavLink>
        {adminCheck === 'admin' && <NavLink to="/admin/inicio">Vista Admin</NavLink>}
        {token ? (
          <>
            <Link to="/profile">Mi perfil</Link>
            <button type="button" onClick={logOut}>Cerrar sesión</button>
          </>
        ) : (
          <>
            <Link to="/registro">Crear cuenta</Link>
            <Link to="/login">Accede a tu cuenta</Link>
          </>
        )}
        <Link to="/MiCarrito" aria-label="Carrito">Carrito</Link>
      </nav>
    </header>
  );
}
