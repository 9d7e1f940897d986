import { Link } from 'react-router';
import { SHOP_SLOGAN } from '@tienda/shared/constants';
import { FacebookIcon, InstagramIcon, MapPinIcon, WhatsAppIcon } from '../../components/ui/icons';
import { BrandLogo } from './brand-logo';
import { SHOP_CITY, SHOP_CONTACT_EMAIL, SHOP_PHONE_DISPLAY, SOCIAL_LINKS } from '../../lib/shop-info';
import { cn } from '../../lib/class-names';

// spec §2: the footer's colour differs on /registro, /login and /olvide-contrasena.
const ALTERNATE_FOOTER_PATHS = ['/registro', '/login', '/olvide-contrasena'];

const SOCIAL_ICONS = { Facebook: FacebookIcon, Instagram: InstagramIcon, WhatsApp: WhatsAppIcon } as const;

export function SiteFooter({ pathname }: { pathname: string }) {
  const alternate = ALTERNATE_FOOTER_PATHS.includes(pathname.toLowerCase().replace(/\/$/, '') || '/');
  // Default: deep teal; on the account screens: warm plum, so the forms above stand on their own.
  const colours = alternate ? 'bg-[#4a2f4f] text-white' : 'bg-brand-dark text-white';
  const muted = 'text-white/85';
  const link = 'rounded underline-offset-4 hover:underline focus-visible:outline-white';
  return (
    <footer className={`${colours} mt-16`} data-variant={alternate ? 'alternate' : 'default'}>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr]">
        <div className="flex flex-col gap-4">
          <Link to="/" className="self-start rounded-xl" aria-label="Jugar y Crecer, ir al inicio">
            <BrandLogo tone="light" />
          </Link>
          <p className="font-display text-2xl font-semibold text-sun">{SHOP_SLOGAN}</p>
          <p className={`max-w-sm ${muted}`}>
            Juguetes educativos y sensoriales elegidos con cariño por una psicóloga, para que cada niño y niña aprenda a
            su ritmo.
          </p>
        </div>

        <nav aria-label="Pie de página">
          <h2 className="font-display text-lg font-semibold">La tienda</h2>
          <ul className={`mt-3 flex flex-col gap-1 ${muted}`}>
            <li>
              <Link to="/tienda" className={`${link} inline-flex min-h-11 items-center`}>
                Catálogo de juguetes
              </Link>
            </li>
            <li>
              <Link to="/quienes-somos" className={`${link} inline-flex min-h-11 items-center`}>
                Sobre nosotros
              </Link>
            </li>
            <li>
              <Link to="/contacto" className={`${link} inline-flex min-h-11 items-center`}>
                Escríbenos
              </Link>
            </li>
            <li>
              <Link to="/politicas" className={`${link} inline-flex min-h-11 items-center`}>
                Políticas y privacidad
              </Link>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="font-display text-lg font-semibold">Encuéntranos</h2>
          <address className={`mt-3 flex flex-col gap-2 not-italic ${muted}`}>
            <span className="inline-flex items-center gap-2">
              <MapPinIcon size={18} />
              {SHOP_CITY}
            </span>
            <a
              href={`tel:${SHOP_PHONE_DISPLAY.replace(/[^+\d]/g, '')}`}
              className={`${link} inline-flex min-h-11 items-center`}
            >
              {SHOP_PHONE_DISPLAY}
            </a>
            <a href={`mailto:${SHOP_CONTACT_EMAIL}`} className={`${link} inline-flex min-h-11 items-center break-all`}>
              {SHOP_CONTACT_EMAIL}
            </a>
          </address>
          <ul className="mt-4 flex gap-3" aria-label="Redes sociales">
            {SOCIAL_LINKS.map(({ name, href }) => {
              const Icon = SOCIAL_ICONS[name];
              return (
                <li key={name}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${name} (se abre en una pestaña nueva)`}
                    className={cn(
                      'inline-flex h-11 w-11 items-center justify-center',
                      'rounded-full bg-white/15 text-white transition',
                      'hover:bg-white/25 focus-visible:outline-white',
                    )}
                  >
                    <Icon size={22} />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/15">
        <p className={`mx-auto max-w-6xl px-4 py-5 text-sm ${muted}`}>
          © {new Date().getFullYear()} Jugar y Crecer · Envíos solo dentro de Honduras.
        </p>
      </div>
    </footer>
  );
}
