import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MultiImagePicker } from './image-picker';

describe('MultiImagePicker', () => {
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  beforeEach(() => {
    let n = 0;
    Object.assign(URL, { createObjectURL: () => `blob:foto-${(n += 1)}`, revokeObjectURL: () => {} });
  });
  afterEach(() => {
    Object.assign(URL, original);
  });

  it('keeps the good photos when a broken one fails before the new list has settled', async () => {
    const container = document.createElement('div');
    const changes: File[][] = [];
    const good = new File(['jpg'], 'buena.jpg', { type: 'image/jpeg' });
    const broken = new File(['hola'], 'rota.png', { type: 'image/png' });
    const picker = (files: File[]) => (
      <MultiImagePicker label="Imágenes" files={files} onChange={(next) => changes.push(next)} />
    );
    render(picker([]), container);
    // Both chosen at once: the list re-renders with them, and the broken file's preview fails straight away,
    // before the effects of that render have run (a phone decodes a tiny bad file in no time).
    render(picker([good, broken]), container);
    container.querySelector('img[alt="Imagen nueva 2: rota.png"]')!.dispatchEvent(new Event('error'));
    expect(changes).toEqual([[good]]);
    await new Promise((resolve) => setTimeout(resolve));
    expect(container.textContent).toContain('El archivo debe ser una imagen: se aceptan JPEG, PNG, WebP, GIF o AVIF.');
  });
});
