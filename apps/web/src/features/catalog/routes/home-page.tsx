import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { LOCAL_DELIVERY_FEE_TEXT, NATIONAL_DELIVERY_FEE_TEXT } from '@tienda/shared/pricing';
import { HeartIcon, ShieldIcon, SparkleIcon, TruckIcon } from '../../../components/ui/icons';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useHydrated } from '../../../lib/use-hydrated';
import { placedOrderIn } from '../../../lib/placed-order';
import { loadWithRetries } from '../../../lib/load-with-retries';
import { useFeaturedProducts } from '../api/get-featured-products';
import { FeaturedStrip } from '../components/featured-strip';

// spec §2: the hero heading, verbatim; its last word carries the brand colour.
const HERO_TITLE = 'Juguetes que Inspiran Creatividad';
const HERO_TITLE_LEAD = HERO_TITLE.slice(0, HERO_TITLE.lastIndexOf(' '));
const HERO_TITLE_LAST_WORD = HERO_TITLE.slice(HERO_TITLE.lastIndexOf(' ') + 1);

// The home page is part of the first load (bundle budget): no zod, no forms, no heavy imports here.

const VALUE_PROPS = [
  {
    icon: HeartIcon,
    title: 'Elegidos por una psicóloga',
    text: 'Cada juguete pasa por manos de nuestra fundadora antes de llegar a la tienda.',
    tone: 'bg-coral-light text-coral',
  },
  {
    icon: SparkleIcon,
    title: 'Para todos los sentidos',
    text: 'Juguetes sensoriales, Montessori y didácticos para aprender a su propio ritmo.',
    tone: 'bg-lavender text-[#5b3f9e]',
  },
  {
    icon: TruckIcon,
    title: 'Envío a todo Honduras',
    text: `${LOCAL_DELIVERY_FEE_TEXT} en San Pedro Sula y ${NATIONAL_DELIVERY_FEE_TEXT} al resto del país, hasta la puerta de tu casa.`,
    tone: 'bg-brand-light text-brand-dark',
  },
  {
    icon: ShieldIcon,
    title: 'Paga como prefieras',
    text: 'En tienda, por transferencia, con enlace de pago o contra entrega.',
    tone: 'bg-sun-light text-[#7a4b00]',
  },
] as const;

// Only after a checkout (lib/placed-order.ts): its own chunk, out of the first load.
const PlacedOrderNote = lazy(() =>
  loadWithRetries(() => import('../../../components/placed-order-note')).then((m) => ({ default: m.PlacedOrderNote })),
);

export function HomePage() {
  useDocumentTitle(null);
  const featured = useFeaturedProducts();
  const placedOrder = placedOrderIn(useLocation().state);
  // The server renders / without it (a reload keeps the history entry's state): it appears after hydration.
  const hydrated = useHydrated();
  return (
    <>
      {placedOrder && hydrated && (
        <Suspense fallback={null}>
          <PlacedOrderNote order={placedOrder} />
        </Suspense>
      )}
      {/* Hero */}
      <section className="relative overflow-hidden bg-gradient-to-b from-sun-light/70 via-cream to-cream">
        <div className="mx-auto grid max-w-6xl items-center gap-6 px-4 pt-8 pb-10 md:grid-cols-[1.1fr_1fr] md:gap-10 md:pt-14 md:pb-16">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-bold text-brand-dark shadow-sm">
              <SparkleIcon size={16} className="text-coral" /> Juguetería educativa en San Pedro Sula
            </p>
            <h1 className="mt-4 font-display text-4xl leading-[1.1] font-bold text-ink sm:text-5xl lg:text-6xl">
              {HERO_TITLE_LEAD} <span className="text-brand">{HERO_TITLE_LAST_WORD}</span>
            </h1>
            <p className="mt-5 max-w-xl text-ink-soft sm:text-lg">
              ¡Bienvenidos a Jugar y Crecer! Somos una juguetería hondureña que elige cada juguete pensando en cómo
              juegan, sienten y aprenden los niños: juguetes educativos, sensoriales y Montessori que despiertan la
              curiosidad y acompañan cada etapa.
            </p>
            <p className="mt-3 max-w-xl text-ink-soft sm:text-lg">
              Nuestra tienda nació del amor de una mamá psicóloga y de su hijo con autismo, que le enseñó que el juego
              correcto calma, conecta y abre caminos. Queremos que tu familia también encuentre el suyo.
            </p>
            <div className="mt-7 flex flex-wrap items-center gap-3">
              <Link to="/tienda" className="btn-accent px-7 text-lg">
                Ver Catálogo
              </Link>
              <Link to="/quienes-somos" className="btn-ghost text-brand-dark underline underline-offset-4">
                Nuestra historia
              </Link>
            </div>
          </div>
          <img
            src="/images/hero-juguetes.svg"
            alt=""
            width={560}
            height={460}
            fetchPriority="high"
            className="mx-auto w-full max-w-[300px] sm:max-w-sm md:max-w-none"
          />
        </div>
      </section>

      {/* Best sellers */}
      <section aria-labelledby="best-sellers" className="mx-auto max-w-6xl px-4 py-10 md:py-14">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="best-sellers" className="font-display text-3xl font-bold text-ink sm:text-4xl">
              Nuestros Best Sellers
            </h2>
            <p className="mt-1 text-ink-soft">Los favoritos de las familias hondureñas este mes.</p>
          </div>
          <Link to="/tienda" className="hidden font-bold text-brand underline-offset-4 hover:underline sm:inline">
            Ver toda la tienda →
          </Link>
        </div>
        <FeaturedStrip products={featured.data} />
      </section>

      {/* Value props */}
      <section aria-labelledby="por-que" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="por-que" className="text-center font-display text-2xl font-bold text-ink sm:text-3xl">
            ¿Por qué las familias nos eligen?
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {VALUE_PROPS.map(({ icon: Icon, title, text, tone }) => (
              // The text goes under its icon when both do not fit side by side (larger text on a phone).
              <li key={title} className="flex flex-wrap gap-4 rounded-2xl bg-cream p-4 sm:p-5 lg:flex-col">
                <span className={`inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl ${tone}`}>
                  <Icon size={26} />
                </span>
                <div className="min-w-0 flex-[1_1_10rem] lg:flex-none">
                  <h3 className="font-display text-lg font-semibold text-ink">{title}</h3>
                  <p className="mt-1 text-sm text-ink-soft sm:text-base">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Brand story */}
      <section aria-labelledby="historia" className="mx-auto max-w-6xl px-4 pt-12 md:pt-16">
        <div className="grid items-center gap-8 overflow-hidden rounded-3xl bg-brand-dark p-8 text-white md:grid-cols-[1.3fr_1fr] md:p-12">
          <div>
            <p className="font-bold tracking-wide text-sun uppercase">Nuestra historia</p>
            <h2 id="historia" className="mt-2 font-display text-3xl font-bold sm:text-4xl">
              Un juguete puede cambiar un día entero
            </h2>
            <p className="mt-4 text-lg text-white/90">
              Empezamos hace poco más de dos años en una pequeña esquina de una tienda de emprendedores. Hoy seguimos
              con la misma idea: juguetes seguros, inclusivos y pensados para el desarrollo integral de cada niño,
              también de los que sienten el mundo un poquito más fuerte.
            </p>
            <Link to="/quienes-somos" className="btn-secondary mt-6 border-white">
              Leer la historia completa
            </Link>
          </div>
          <div className="rounded-2xl bg-white/10 p-6">
            <p className="font-display text-xl font-semibold text-white">Nuestra promesa</p>
            <ul className="mt-3 space-y-2 text-white/90">
              <li>✓ Juguetes seguros, duraderos y con un propósito.</li>
              <li>✓ Consejos honestos para elegir según la edad y la sensibilidad de tu hijo.</li>
              <li>✓ Un espacio inclusivo, donde cada niño juega a su manera.</li>
            </ul>
          </div>
        </div>
      </section>
    </>
  );
}
