import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { LOCAL_DELIVERY_FEE_TEXT, NATIONAL_DELIVERY_FEE_TEXT } from '@tienda/shared/pricing';
import { CloseIcon, MenuIcon, TruckIcon } from '../../components/ui/icons';
import { useAdminCheck } from '../../lib/api/roles';
import { logOut, useSession } from '../../lib/session';
import { BrandLogo } from './brand-logo';
import { CartLink } from './cart-link';
import { ProfileMenu } from './profile-menu';
import { useDismiss } from './use-dismiss';
import { cn } from '../../lib/class-names';

// spec §2 header: Inicio, Tienda, ¿Quiénes somos?, Contacto, and 'Vista Admin' only for admins.
const NAV_LINKS = [
  { to: '/', label: 'Inicio', end: true },
  { to: '/tienda', label: 'Tienda', end: false },
  { to: '/quienes-somos', label: '¿Quiénes somos?', end: false },
  { to: '/contacto', label: 'Contacto', end: false },
] as const;

// Desktop navigation from 1280 px (xl): below that the links, buttons and logo do not fit on one line.
const desktopLink = ({ isActive }: { isActive: boolean }) =>
  `relative inline-flex min-h-11 items-center rounded-full px-3 font-bold whitespace-nowrap transition ${
    isActive ? 'bg-brand-light text-brand-dark' : 'text-ink hover:bg-sand'
  }`;

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-12 items-center rounded-xl px-4 text-lg font-bold ${isActive ? 'bg-brand-light text-brand-dark' : 'text-ink hover:bg-cream'}`;

/**
 * Whether the header is taller than a fifth of the screen: a phone held sideways, or large text (Android's text size
 * at 150 % makes it 138 of a 640-px screen, at 200 % 185). Kept on screen it would hide that much of every page, so
 * it scrolls away with the page instead. Measured in the browser, since a media query's rem ignores the text size
 * setting. While it sticks, a link to a part of a page (#historial-compras) stops below it, not under it.
 */
function useTooTallToStick(header: RefObject<HTMLElement | null>): boolean {
  const [tooTall, setTooTall] = useState(false);
  useEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const measure = () => {
      const height = element.offsetHeight;
      const tall = height > window.innerHeight / 5;
      setTooTall(tall);
      root.style.scrollPaddingTop = tall ? '' : `${height}px`;
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      root.style.scrollPaddingTop = '';
    };
  }, [header]);
  return tooTall;
}

export function SiteHeader() {
  const { token } = useSession();
  const headerRef = useRef<HTMLElement>(null);
  const tooTallToStick = useTooTallToStick(headerRef);
  const adminCheck = useAdminCheck();
  const isAdmin = adminCheck === 'admin';
  const { pathname } = useLocation();
  // The mobile menu remembers the page it was opened on: following a link (a new pathname) closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === pathname;
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const closeMenu = useCallback(() => setMenuOpenedAt(null), []);
  useDismiss(menuOpen, closeMenu, menuRef, menuButtonRef);
  // Opening the menu moves focus to its first link, so keyboard and screen-reader users land in it.
  useEffect(() => {
    if (menuOpen) menuRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [menuOpen]);

  return (
    // A phone held sideways has under 400 px of height: kept on screen, the header took a quarter of it. The media
    // query says so before the scripts run; useTooTallToStick also sees large text.
    <header
      ref={headerRef}
      className={cn(
        'z-40 border-b border-sand bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85',
        tooTallToStick ? 'static' : 'sticky top-0 [@media(max-height:30rem)]:static',
      )}
    >
      <p
        className={cn(
          'flex items-center justify-center gap-2 bg-brand-dark px-4 py-1.5',
          'text-center text-xs font-semibold text-white sm:text-sm',
        )}
      >
        <TruckIcon size={16} />
        <span>
          Envíos a todo Honduras
          <span className="hidden sm:inline">
            {' '}
            · San Pedro Sula {LOCAL_DELIVERY_FEE_TEXT}, resto del país {NATIONAL_DELIVERY_FEE_TEXT}
          </span>
        </span>
      </p>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 xl:h-20">
        <Link to="/" className="mr-auto min-w-0 rounded-xl xl:mr-4" aria-label="Jugar y Crecer, ir al inicio">
          <BrandLogo />
        </Link>

        <nav aria-label="Principal" className="hidden xl:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={desktopLink}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {isAdmin && (
              <li>
                <NavLink
                  to="/admin/inicio"
                  className={({ isActive }) => `${desktopLink({ isActive })} ${isActive ? '' : 'bg-lavender'}`}
                >
                  Vista Admin
                </NavLink>
              </li>
            )}
          </ul>
        </nav>

        <div className="ml-auto hidden items-center gap-2 xl:flex">
          {token ? <ProfileMenu /> : <GuestLinks createAccountClass="btn-ghost" />}
        </div>

        <CartLink />

        <button
          ref={menuButtonRef}
          type="button"
          className={cn(
            'inline-flex h-11 w-11 items-center justify-center',
            'rounded-full text-brand-dark transition hover:bg-brand-light',
            'xl:hidden',
          )}
          aria-expanded={menuOpen}
          aria-controls="menu-movil"
          aria-label={menuOpen ? 'Cerrar menú' : 'Abrir menú'}
          onClick={() => setMenuOpenedAt(menuOpen ? null : pathname)}
        >
          {menuOpen ? <CloseIcon size={26} /> : <MenuIcon size={26} />}
        </button>
      </div>

      {/* spec §2: a mobile menu holds the same links. The dimmed page behind it closes it on tap (useDismiss). */}
      {menuOpen && <div aria-hidden="true" className="absolute inset-x-0 top-full h-dvh bg-ink/40 xl:hidden" />}
      <div
        ref={menuRef}
        id="menu-movil"
        hidden={!menuOpen}
        className={cn(
          'absolute inset-x-0 top-full max-h-[calc(100dvh-6rem)]',
          'overflow-y-auto border-b border-sand bg-white px-4 pt-2 pb-5',
          'shadow-xl sm:left-auto sm:right-4 sm:w-96 sm:rounded-b-2xl',
          'xl:hidden',
        )}
      >
        <nav aria-label="Menú móvil">
          <ul className="flex flex-col gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={mobileLink} onClick={closeMenu}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {isAdmin && (
              <li>
                <NavLink to="/admin/inicio" className={mobileLink} onClick={closeMenu}>
                  Vista Admin
                </NavLink>
              </li>
            )}
          </ul>
        </nav>
        <div className="mt-3 border-t border-sand pt-4">
          {token ? (
            <div className="flex flex-col gap-1">
              <p className="px-4 pb-1 text-sm font-bold tracking-wide text-ink-soft uppercase">Perfil</p>
              <NavLink to="/profile" className={mobileLink} onClick={closeMenu}>
                Mi perfil
              </NavLink>
              <button
                type="button"
                onClick={logOut}
                className="flex min-h-12 items-center rounded-xl px-4 text-left text-lg font-bold text-coral hover:bg-cream"
              >
                Cerrar sesión
              </button>
            </div>
          ) : (
            <div className="grid gap-3">
              <GuestLinks createAccountClass="btn-secondary" />
            </div>
          )}
        </div>
      </div>
    </header>
  );
}

/** A visitor's 'Crear cuenta' and 'Accede a tu cuenta', in the bar and in the phone menu. */
function GuestLinks({ createAccountClass }: { createAccountClass: string }) {
  return (
    <>
      <Link to="/registro" className={createAccountClass}>
        Crear cuenta
      </Link>
      <Link to="/login" className="btn-primary">
        Accede a tu cuenta
      </Link>
    </>
  );
}
