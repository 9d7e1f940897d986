import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { ScrollToTopButton } from './scroll-to-top-button';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

const button = () => screen.queryByRole('button', { name: 'Volver arriba' });

describe('ScrollToTopButton', () => {
  afterEach(() => scrollTo(0));

  it('appears after 100 px of scroll and goes again back at the top (spec §9)', () => {
    render(<ScrollToTopButton />);
    expect(button()).toBeNull();
    scrollTo(100);
    expect(button()).toBeNull();
    scrollTo(101);
    expect(button()).not.toBeNull();
    scrollTo(0);
    expect(button()).toBeNull();
  });
});
