import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrateLater, hydrateInSteps } from './hydrate-in-steps';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <li>
      <button type="button" onClick={() => setCount(count + 1)}>
        {name} {count}
      </button>
    </li>
  );
}

function List() {
  return (
    <ul>
      {['a', 'b', 'c'].map((name, index) => (
        <HydrateLater key={name} deferred={index > 0}>
          <Counter name={name} />
        </HydrateLater>
      ))}
    </ul>
  );
}

/** Lets Preact's queued renders (microtasks) run. */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};
const button = (root: HTMLElement, index: number) => root.querySelectorAll('button')[index]!;

describe('hydrateInSteps', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it("hydrates the first part at once and each deferred one in a later task, on the server's own nodes", async () => {
    vi.useFakeTimers();
    const root = document.createElement('div');
    root.innerHTML = renderToString(<List />);
    document.body.append(root);
    expect(root.innerHTML).toBe(
      '<ul><li><button type="button">a 0</button></li><li><button type="button">b 0</button></li><li><button type="button">c 0</button></li></ul>',
    );
    const serverButtons = [0, 1, 2].map((index) => button(root, index));

    hydrateInSteps(root, () => hydrateRoot(root, <List />));
    expect(root.dataset.hydrating).toBe('');
    button(root, 0).click();
    button(root, 2).click(); // not hydrated yet: the tap does nothing, as before the scripts arrive
    await settle();
    expect(root.textContent).toBe('a 1b 0c 0');
    expect(root.dataset.hydrating).toBe('');

    await vi.runAllTimersAsync(); // each deferred part's turn, then the mark's removal
    button(root, 2).click();
    await settle();
    expect(root.textContent).toBe('a 1b 0c 1');
    expect(root.dataset.hydrating).toBeUndefined();
    // Hydrated in place: the same nodes the server sent, none added.
    expect([0, 1, 2].map((index) => button(root, index))).toEqual(serverButtons);
    expect(root.querySelectorAll('li')).toHaveLength(3);
  });

  it('renders at once outside hydration, and leaves no mark when nothing was deferred', () => {
    const root = document.createElement('div');
    hydrateInSteps(root, () => undefined);
    expect(root.dataset.hydrating).toBeUndefined();
    root.innerHTML = renderToString(<List />);
    expect(root.textContent).toBe('a 0b 0c 0');
  });
});
