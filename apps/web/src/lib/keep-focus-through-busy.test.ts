import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepFocusThroughBusy } from './keep-focus-through-busy';

// The watcher's mutation callback runs as a microtask.
const observed = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * What Chromium does to a focused button that becomes disabled: after the mutation callbacks, the focus is on <body>,
 * with no focusin. jsdom keeps it on the button, so the test moves it as the browser would.
 */
async function disableUnderFocus(button: HTMLButtonElement) {
  button.focus();
  button.disabled = true;
  await observed();
  return vi.spyOn(document, 'activeElement', 'get').mockReturnValue(document.body);
}

async function enable(button: HTMLButtonElement) {
  button.disabled = false;
  await observed();
}

describe('a button disabled while busy', () => {
  let button: HTMLButtonElement;
  let input: HTMLInputElement;
  let refocus: ReturnType<typeof vi.spyOn>;
  let stopWatching: () => void;
  beforeAll(() => {
    stopWatching = keepFocusThroughBusy();
  });
  // Files share their worker's page (vitest.config.ts, isolate: false): the next one finds it empty and unwatched.
  afterAll(() => {
    stopWatching();
    document.body.innerHTML = '';
  });
  beforeEach(() => {
    document.body.innerHTML = '<input aria-label="Teléfono"><button type="button">Agregar al carrito</button>';
    button = document.querySelector('button')!;
    input = document.querySelector('input')!;
    refocus = vi.spyOn(button, 'focus');
  });
  afterEach(() => vi.restoreAllMocks());

  it('takes the focus back from <body> when it is enabled again', async () => {
    await disableUnderFocus(button);
    refocus.mockClear();
    await enable(button);
    expect(refocus).toHaveBeenCalledTimes(1);
  });

  it('leaves the focus where the visitor moved it meanwhile', async () => {
    const onBody = await disableUnderFocus(button);
    onBody.mockRestore();
    input.focus();
    refocus.mockClear();
    await enable(button);
    expect(refocus).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(input);
  });

  it('leaves the focus alone after a tap elsewhere', async () => {
    await disableUnderFocus(button);
    refocus.mockClear();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await enable(button);
    expect(refocus).not.toHaveBeenCalled();
  });

  it('leaves the focus alone for a button disabled while something else had it', async () => {
    input.focus();
    button.disabled = true;
    await observed();
    vi.spyOn(document, 'activeElement', 'get').mockReturnValue(document.body);
    await enable(button);
    expect(refocus).not.toHaveBeenCalled();
  });
});
