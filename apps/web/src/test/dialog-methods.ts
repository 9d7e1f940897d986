import { beforeAll } from 'vitest';

/** Gives jsdom's <dialog> the two methods it lacks, for the suite that calls it; Chromium runs the real ones (e2e). */
export function withDialogMethods(): void {
  beforeAll(() => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
  });
}
