import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_SCROLL_MS, AUTO_SCROLL_PX, FeaturedStrip } from './featured-strip';

const products = [1, 2, 3, 4, 5].map((productId) => ({
  productId,
  name: `Juguete ${productId}`,
  price: 250,
  discount: 0,
  imageUrl: `/uploads/${productId}.webp`,
}));

/** The strip as a phone lays it out (jsdom lays out nothing): 1,300 px of cards in 390 px, scrolled by hand here. */
function renderStrip() {
  render(
    <MemoryRouter>
      <FeaturedStrip products={products as never} />
    </MemoryRouter>,
  );
  const strip = screen.getByTestId('featured-strip');
  Object.defineProperty(strip, 'scrollWidth', { value: 1300 });
  Object.defineProperty(strip, 'clientWidth', { value: 390 });
  const scrollBy = vi.fn();
  strip.scrollBy = scrollBy;
  strip.scrollTo = vi.fn();
  return { strip, scrollBy };
}

describe('the best sellers strip on a phone (spec §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it(`moves ${AUTO_SCROLL_PX} px every ${AUTO_SCROLL_MS} ms, and waits while a mouse is over it`, () => {
    const { strip, scrollBy } = renderStrip();
    vi.advanceTimersByTime(AUTO_SCROLL_MS * 2);
    expect(scrollBy.mock.calls).toEqual([
      [{ left: AUTO_SCROLL_PX, behavior: 'smooth' }],
      [{ left: AUTO_SCROLL_PX, behavior: 'smooth' }],
    ]);
    fireEvent.pointerEnter(strip);
    vi.advanceTimersByTime(AUTO_SCROLL_MS * 3);
    expect(scrollBy).toHaveBeenCalledTimes(2);
    fireEvent.pointerLeave(strip);
    vi.advanceTimersByTime(AUTO_SCROLL_MS);
    expect(scrollBy).toHaveBeenCalledTimes(3);
  });

  it.each([
    ['a touch', (strip: HTMLElement) => fireEvent.touchStart(strip)],
    ['a wheel', (strip: HTMLElement) => fireEvent.wheel(strip)],
    ['the keyboard focus', (strip: HTMLElement) => fireEvent.focusIn(strip)],
  ])('stops for good after %s: it stays where the visitor left it', (_, takeInHand) => {
    const { strip, scrollBy } = renderStrip();
    vi.advanceTimersByTime(AUTO_SCROLL_MS);
    takeInHand(strip);
    fireEvent.touchEnd(strip);
    fireEvent.focusOut(strip);
    vi.advanceTimersByTime(AUTO_SCROLL_MS * 10);
    expect(scrollBy).toHaveBeenCalledTimes(1);
  });

  it('never moves for a visitor who asked for reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
    const { scrollBy } = renderStrip();
    vi.advanceTimersByTime(AUTO_SCROLL_MS * 5);
    expect(scrollBy).not.toHaveBeenCalled();
  });
});
