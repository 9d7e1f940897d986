import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SHOP_SLOGAN } from '@tienda/shared/constants';
import { useDocumentTitle } from '../../../lib/use-document-title';

interface Block {
  title: string;
  tone: string;
  icon: ReactNode;
  body: string[];
}

// spec §1 About: Historia (a little over two years ago, a corner of an entrepreneurs' store), Misión (toys that
// stimulate imagination and cognitive, emotional and sensory development), Visión (the leading toy shop for
// children's integral development, educational products in a safe, inclusive, fun setting).
const BLOCKS: Block[] = [
  {
    title: 'Historia',
    tone: 'bg-sun-light',
    icon: <path d="M12 3 3 9v11h6v-6h6v6h6V9l-9-6Z" strokeLinejoin="round" />,
    body: [
      'Comenzamos hace poco más de dos años en un pequeño rincón de una tienda de emprendedores, con unos cuantos estantes y muchas ganas de ayudar.',
      'Familia tras familia nos fue contando lo que buscaba para sus hijos, y así, con paciencia y cariño, ese rincón se convirtió en la tienda que hoy conoces.',
    ],
  },
  {
    title: 'Misión',
    tone: 'bg-coral-light',
    icon: (
      <path
        d="M12 20.5s-7.5-4.4-7.5-10A4.5 4.5 0 0 1 12 7.4a4.5 4.5 0 0 1 7.5 3.1c0 5.6-7.5 10-7.5 10Z"
        strokeLinejoin="round"
      />
    ),
    body: [
      'Brindar a las familias juguetes que estimulen la imaginación y el desarrollo cognitivo, emocional y sensorial de sus hijos.',
      'Queremos que cada juguete sea una invitación a explorar, a expresar lo que se siente y a aprender jugando, a su propio ritmo.',
    ],
  },
  {
    title: 'Visión',
    tone: 'bg-mint',
    icon: <path d="m12 3 2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6-4.5-4.2 6.1-.7L12 3Z" strokeLinejoin="round" />,
    body: [
      'Ser la tienda de juguetes líder en el desarrollo integral de la niñez, con productos educativos en un entorno seguro, inclusivo y divertido.',
      'Soñamos con un lugar donde todas las niñas y todos los niños, con sus diferencias, encuentren algo hecho para ellos.',
    ],
  },
];

// spec §2 About: static, three columns.
export function Component() {
  useDocumentTitle('¿Quiénes somos?');
  return (
    <>
      <section className="bg-brand-light/60">
        <div className="mx-auto max-w-4xl px-4 py-12 text-center sm:py-16">
          <p className="inline-block rounded-full bg-white px-4 py-1 font-display text-lg font-medium text-coral shadow-sm">
            {SHOP_SLOGAN}
          </p>
          <h1 className="mt-2 font-display text-4xl font-semibold text-ink sm:text-5xl">¿Quiénes somos?</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-ink-soft">
            Somos una tienda de juguetes de San Pedro Sula inspirada en un niño con autismo y en todo lo que nos enseñó:
            que cada niño aprende a su manera, y que el juego adecuado puede abrirle muchas puertas. Nuestra fundadora
            es psicóloga, y elige cada juguete pensando en cómo ayuda a crecer.
          </p>
        </div>
      </section>

      <section aria-label="Historia, misión y visión" className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <div className="grid gap-6 md:grid-cols-3">
          {BLOCKS.map((block) => (
            <article key={block.title} className="card flex flex-col p-6 sm:p-8">
              <span className={`flex size-14 items-center justify-center rounded-2xl ${block.tone}`}>
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7 fill-none stroke-ink stroke-2">
                  {block.icon}
                </svg>
              </span>
              <h2 className="mt-5 font-display text-2xl font-semibold text-ink">{block.title}</h2>
              {block.body.map((paragraph) => (
                <p key={paragraph.slice(0, 24)} className="mt-3 leading-relaxed text-ink-soft">
                  {paragraph}
                </p>
              ))}
            </article>
          ))}
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 pb-16">
        <div className="flex flex-col items-center gap-5 rounded-3xl bg-brand px-6 py-10 text-center text-white sm:px-12">
          <h2 className="font-display text-2xl font-semibold sm:text-3xl">¿Buscas un juguete especial?</h2>
          <p className="max-w-xl text-white/90">
            Cuéntanos sobre tu peque y con gusto te ayudamos a elegir. También puedes recorrer la tienda y descubrir
            nuestros juguetes educativos y sensoriales.
          </p>
          <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
            <Link to="/tienda" className="btn-primary bg-white text-brand-dark hover:bg-cream">
              Ver la tienda
            </Link>
            <Link to="/contacto" className="btn-secondary border-white bg-transparent text-white hover:bg-white/10">
              Escríbenos
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
