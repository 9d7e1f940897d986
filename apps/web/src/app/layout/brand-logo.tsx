/** The shop's mark: a sprout growing from a toy block ("crecer"), drawn inline so it costs no request. */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false" className="shrink-0">
      <circle cx="24" cy="24" r="24" fill="#fdf1cf" />
      <path d="M24 30V19" stroke="#1f6f78" strokeWidth="3" strokeLinecap="round" />
      <path d="M24 21c-1-5.5-5.5-8.5-11-8 .6 5.6 5 8.6 11 8z" fill="#3d9a7a" />
      <path d="M24 18c1-5.5 5.8-8.8 11.5-8.2-.5 5.8-5.3 9-11.5 8.2z" fill="#1f6f78" />
      <rect x="13" y="28" width="22" height="12" rx="3.5" fill="#c2492f" />
      <circle cx="19.5" cy="34" r="2" fill="#fff9f1" />
      <circle cx="28.5" cy="34" r="2" fill="#f4c04e" />
    </svg>
  );
}

/**
 * Mark + wordmark 'Jugar y Crecer'. With larger text on a phone the words wrap onto two lines, so the cart and the
 * menu beside them stay on screen.
 */
export function BrandLogo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const main = tone === 'dark' ? 'text-brand-dark' : 'text-white';
  const accent = tone === 'dark' ? 'text-coral' : 'text-sun';
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <BrandMark />
      <span className={`font-display text-xl leading-none font-bold tracking-tight sm:text-2xl ${main}`}>
        Jugar <span className={accent}>y</span> Crecer
      </span>
    </span>
  );
}
