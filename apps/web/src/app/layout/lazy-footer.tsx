import { lazy, useState, type ComponentType } from 'react';

// The footer is below every screen's first view and hydrates after the rest (docs/decisions/0030-…), so its script
// is a chunk of its own, loaded while the page hydrates rather than before: a link in it tapped meanwhile is a plain
// link. The server renders it at once (preloadFooter), so the page's markup always has it.

type FooterProps = { pathname: string };
let loadedFooter: ComponentType<FooterProps> | undefined;

export function preloadFooter(): Promise<ComponentType<FooterProps>> {
  return import('./site-footer').then((module) => (loadedFooter = module.SiteFooter));
}

// A chunk that never comes (the signal dropped just then) costs the page its footer, not the screen: thrown, the
// failure reached the screen's error boundary, which replaced the whole page.
const noFooter: ComponentType<FooterProps> = () => null;
const FooterWhenLoaded = lazy(() =>
  preloadFooter().then(
    (SiteFooter) => ({ default: SiteFooter }),
    () => ({ default: noFooter }),
  ),
);

/** The site footer: drawn at once once its module is loaded, otherwise when it arrives (within a Suspense). */
export function LazyFooter(props: FooterProps) {
  // Fixed for the component's life: switching between the two would draw the footer anew.
  const [Loaded] = useState(() => loadedFooter);
  return Loaded ? <Loaded {...props} /> : <FooterWhenLoaded {...props} />;
}
