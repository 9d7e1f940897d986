import type { ReactNode } from 'react';
import { SHOP_SLOGAN } from '@tienda/shared/constants';
import { useDocumentTitle } from '../../../lib/use-document-title';

// The three lettered blocks: letter, tilt (angle and centre), square, face colour, edge colour and opacity, letter
// colour, baseline and size.
const BLOCKS = [
  ['A', '-6 62 118', 22, 80, 78, 74, '#f4c04e', '#2b2733', '.15', '#2b2733', 136, 46],
  ['B', '5 150 118', 112, 82, 76, 72, '#fde3da', '#c2492f', '.35', '#c2492f', 137, 44],
  ['C', '-3 106 48', 70, 10, 72, 70, '#dcf1e6', '#1f6f78', '.35', '#155058', 63, 42],
] as const;

/** Toy blocks, drawn inline so the account screens need no image request. */
export function ToyBlocksArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 220 170" aria-hidden="true" className={className}>
      <ellipse cx="110" cy="158" rx="96" ry="9" fill="#000" opacity="0.12" />
      {BLOCKS.map(([letter, rotate, x, y, width, height, face, edge, edgeOpacity, ink, textY, fontSize]) => (
        <g key={letter} transform={`rotate(${rotate})`}>
          <rect x={x} y={y} width={width} height={height} rx="14" fill={face} />
          <rect
            x={x}
            y={y}
            width={width}
            height={height}
            rx="14"
            fill="none"
            stroke={edge}
            strokeOpacity={edgeOpacity}
            strokeWidth="4"
          />
          <text
            x={x + width / 2}
            y={textY}
            textAnchor="middle"
            fontFamily="Fredoka Variable, sans-serif"
            fontWeight="700"
            fontSize={fontSize}
            fill={ink}
          >
            {letter}
          </text>
        </g>
      ))}
      <path d="M186 18l4.5 9.4 10.3 1.4-7.5 7.1 1.9 10.2-9.2-5-9.2 5 1.9-10.2-7.5-7.1 10.3-1.4z" fill="#f4c04e" />
      <circle cx="28" cy="40" r="7" fill="#e9e3fb" />
      <circle cx="46" cy="22" r="4" fill="#fde3da" />
    </svg>
  );
}

const PROMISES = [
  'Juguetes educativos y sensoriales',
  'Envíos a toda Honduras',
  'Pago contra entrega, transferencia o enlace de pago',
];

/**
 * The frame of every account screen: on phones a single warm card; from 1024 px a brand panel beside the form,
 * so the page does not look like a lonely form on a wide screen.
 */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <section className="relative px-4 py-8 sm:py-14">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-64 bg-gradient-to-b from-brand-light/70 to-transparent"
      />
      <div className="card mx-auto grid max-w-5xl overflow-hidden lg:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)]">
        <aside className="relative hidden flex-col justify-between gap-8 bg-brand p-10 text-white lg:flex">
          <div>
            <p className="font-display text-3xl leading-tight font-semibold">{SHOP_SLOGAN}</p>
            <p className="mt-3 max-w-sm text-white/90">
              Juguetes pensados para que cada niño y niña explore, sienta y aprenda a su ritmo.
            </p>
          </div>
          <ToyBlocksArt className="mx-auto w-64" />
          <ul className="space-y-2 text-[0.95rem]">
            {PROMISES.map((promise) => (
              <li key={promise} className="flex items-center gap-2">
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0 fill-sun">
                  <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm4.1 6.3-4.9 5.3a1 1 0 0 1-1.5 0L5.9 11a1 1 0 1 1 1.5-1.3l1.1 1.2 4.1-4.5a1 1 0 1 1 1.5 1.4Z" />
                </svg>
                {promise}
              </li>
            ))}
          </ul>
        </aside>
        <div className="px-5 py-8 sm:px-10 sm:py-10">
          <ToyBlocksArt className="mb-4 w-24 lg:hidden" />
          <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">{title}</h1>
          {subtitle && <div className="mt-2 text-ink-soft">{subtitle}</div>}
          <div className="mt-6">{children}</div>
          {footer && <div className="mt-6 border-t border-sand pt-5 text-center text-ink-soft">{footer}</div>}
        </div>
      </div>
    </section>
  );
}

/** A small spinner for busy buttons. */
export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
    />
  );
}
