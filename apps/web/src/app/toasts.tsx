import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { loadToastContainer } from '../lib/toasts';
import { useHydrated } from '../lib/use-hydrated';

// react-toastify and its stylesheet stay out of the first load of / (docs/decisions/0025-first-load-javascript-and-images.md).
// Every toast is raised by a screen loaded on demand or by something the visitor did, and react-toastify keeps
// a toast raised before its container mounts until one does, so the container loads on the first pointer or
// key press, or as soon as the visitor is on a screen rendered in the browser. A page that arrived rendered
// raises none before a tap: its container waits, off the main thread's way to hydration (docs/decisions/0028-…).
const arrivedRendered = typeof document !== 'undefined' && document.getElementById('page-data') !== null;
// A container that could not be loaded renders nothing: lib/toasts.ts `notify` then says its messages plainly.
const NoContainer: ComponentType = () => null;
const ToastContainer = lazy(() =>
  loadToastContainer().then(
    (m): { default: ComponentType } => ({ default: m.Component }),
    () => ({ default: NoContainer }),
  ),
);

const WAKE_EVENTS = ['pointerdown', 'keydown'] as const;

export function Toasts() {
  const { pathname } = useLocation();
  const [interacted, setInteracted] = useState(false);
  // Nothing before hydration: the server renders no container, so the first client render must not either
  // (docs/decisions/0027-server-rendered-storefront.md).
  const hydrated = useHydrated();
  useEffect(() => {
    if (interacted) return;
    const wake = () => setInteracted(true);
    for (const type of WAKE_EVENTS) window.addEventListener(type, wake, { capture: true, passive: true });
    return () => {
      for (const type of WAKE_EVENTS) window.removeEventListener(type, wake, { capture: true });
    };
  }, [interacted]);
  if (!hydrated || (!interacted && (pathname === '/' || arrivedRendered))) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
