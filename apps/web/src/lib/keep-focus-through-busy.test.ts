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

let stopWatching: () => void;
beforeAll(() => {
  stopWatching = keepFocusThroughBusy();
});
// Files share their worker's page (vitest.config.ts, isolate: false): the next one finds it empty and unwatched.
afterAll(() => {
  stopWatching();
  document.body.innerHTML = '';
});

describe('a button disabled while busy', () => {
  let button: HTMLButtonElement;
  let input: HTMLInputElement;
  let refocus: ReturnType<typeof vi.spyOn>;
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

describe('a button that stays disabled at its limit', () => {
  afterEach(() => vi.restoreAllMocks());

  const stepper = () => {
    document.body.innerHTML =
      '<div role="group" aria-label="Cantidad de Pelota"><button type="button">−</button><output>1</output>' +
      '<button type="button">+</button></div>';
    const [minus, plus] = document.querySelectorAll('button');
    return { minus: minus!, plus: plus! };
  };

  it('hands the focus to the stepper when + reaches the stock, not to − (another Enter must not take one off)', async () => {
    const { plus } = stepper();
    plus.focus();
    plus.disabled = true;
    await observed();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Cantidad de Pelota');
    // Focusable by script only: Tab goes on to its buttons.
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it('hands it to the stepper when the whole stepper was busy and the pressed step came back at its limit', async () => {
    const { minus, plus } = stepper();
    const group = document.querySelector<HTMLElement>('[role="group"]')!;
    const toGroup = vi.spyOn(group, 'focus');
    plus.focus();
    minus.disabled = true;
    plus.disabled = true;
    await observed();
    expect(toGroup).not.toHaveBeenCalled();
    vi.spyOn(document, 'activeElement', 'get').mockReturnValue(document.body);
    minus.disabled = false;
    await observed();
    expect(toGroup).toHaveBeenCalledTimes(1);
  });

  it("hands 'Siguiente' on the last page to the pager", async () => {
    document.body.innerHTML =
      '<nav aria-label="Paginación"><button type="button">Anterior</button><button type="button">1</button>' +
      '<button type="button" aria-current="page">2</button><button type="button">Siguiente</button></nav>';
    const next = document.querySelector<HTMLButtonElement>('button:last-child')!;
    next.focus();
    next.disabled = true;
    await observed();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Paginación');
  });
});
