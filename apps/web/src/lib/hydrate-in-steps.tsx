import { Suspense, useState, type ReactNode } from 'react';

// A rendered page hydrates in steps (docs/decisions/0030-paint-first-then-scripts.md): what a phone shows first
// hydrates at once, and each part wrapped in <HydrateLater> in a task of its own after it, so no single task holds
// the main thread for the whole page. Preact keeps the server's markup of a part while it waits, and hydrates it
// when it resumes (Suspense during hydration). The root carries `data-hydrating` until the last part has hydrated;
// a button tapped before then is kept and its tap replayed when the mark goes (src/scripts-after-paint.ts).

let hydrating = false;
let waiting = 0;
let container: HTMLElement | null = null;

/** Runs `hydrate` (the entry's hydrateRoot) so that the parts it meets wrapped in <HydrateLater> wait their turn. */
export function hydrateInSteps(root: HTMLElement, hydrate: () => void): void {
  container = root;
  root.dataset.hydrating = '';
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
  if (waiting === 0) delete root.dataset.hydrating;
}

interface Turn {
  done: boolean;
  promise: Promise<void>;
}

function nextTurn(): Turn {
  waiting += 1;
  const turn: Turn = { done: false, promise: Promise.resolve() };
  turn.promise = new Promise((resolve) =>
    setTimeout(() => {
      turn.done = true;
      resolve();
      waiting -= 1;
      // The part hydrates in this task's microtasks; the mark goes in the task after the last one.
      if (waiting === 0 && !hydrating) setTimeout(() => delete container?.dataset.hydrating, 0);
    }, 0),
  );
  return turn;
}

function WaitForTurn({ turn, children }: { turn: Turn | null; children: ReactNode }) {
  if (turn && !turn.done) throw turn.promise;
  return children;
}

/**
 * Hydrates `children` in a later task than the rest of the page when `deferred` (always the same component, so a
 * part keeps its state when it moves in or out of the first ones); renders them at once on the server and in every
 * render after hydration. `children` must be one element (Preact keeps that node's markup while waiting).
 */
export function HydrateLater({ deferred = true, children }: { deferred?: boolean; children: ReactNode }) {
  const [turn] = useState(() => (hydrating && deferred ? nextTurn() : null));
  return (
    <Suspense fallback={null}>
      <WaitForTurn turn={turn}>{children}</WaitForTurn>
    </Suspense>
  );
}
