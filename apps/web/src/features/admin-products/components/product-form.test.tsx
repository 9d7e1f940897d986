import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Category, Product } from '@tienda/shared/catalog';
import { submittedOnce } from '../../../test/submitted';
import { ProductForm, type ProductFormResult } from './product-form';

const CATEGORIES: Category[] = [
  { categoryId: 1, name: 'Didácticos', description: 'Aprender jugando' },
  { categoryId: 2, name: 'Sensoriales', description: 'Texturas y luces' },
];

const PRODUCT: Product = {
  productId: 7,
  name: 'Cubo sensorial',
  description: 'Texturas para explorar',
  price: 649,
  discount: 10,
  stock: 4,
  imageUrl: '/uploads/a.webp',
  thumbnailUrl: '/uploads/a-thumb.webp',
  productImages: ['/uploads/b.webp'],
  secondaryImages: [{ imageId: 31, url: '/uploads/b.webp', thumbnailUrl: '/uploads/b-thumb.webp' }],
  categoryIds: [2],
  categories: ['Sensoriales'],
  createdAt: '2026-11-20T10:00:00.000Z',
};

const png = (name = 'foto.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

function setup(product: Product | null = null) {
  const onSubmit = vi.fn<(result: ProductFormResult) => Promise<boolean>>(async () => true);
  const user = userEvent.setup({ applyAccept: false });
  render(
    <>
      <ProductForm id="product-form" product={product} categories={CATEGORIES} onSubmit={onSubmit} />
      <button type="submit" form="product-form">
        Guardar
      </button>
    </>,
  );
  const save = () => user.click(screen.getByRole('button', { name: 'Guardar' }));
  return { user, onSubmit, save };
}

describe('product form (spec §5 Product admin)', () => {
  it("requires name, price and stock ('Completa campos obligatorios', once) and a main image on create", async () => {
    const { onSubmit, save } = setup();
    await save();
    expect(await screen.findAllByText('Completa campos obligatorios')).toHaveLength(1);
    expect(screen.getByText('Debes agregar una imagen principal')).toBeTruthy();
    for (const label of [/^Nombre/, /^Precio/, /^Stock/])
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    // Each field the message covers points a screen reader at it, not only the first.
    const description = (label: RegExp) =>
      (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    expect([/^Nombre/, /^Precio/, /^Stock/].map(description)).toEqual([
      '0/100 caracteres Completa campos obligatorios',
      'Completa campos obligatorios',
      'Completa campos obligatorios',
    ]);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('really enforces the 100-character name and 1000-character description limits', async () => {
    const { user, onSubmit, save } = setup();
    await user.click(screen.getByLabelText(/^Nombre/));
    await user.paste('n'.repeat(101));
    await user.click(screen.getByLabelText(/^Descripción/));
    await user.paste('d'.repeat(1001));
    await user.type(screen.getByLabelText(/^Precio/), '100');
    await user.type(screen.getByLabelText(/^Stock/), '3');
    await user.upload(screen.getByLabelText(/^Imagen Principal/), png());
    await save();
    expect(await screen.findByText('El nombre no puede tener más de 100 caracteres')).toBeTruthy();
    expect(screen.getByText('La descripción no puede tener más de 1000 caracteres')).toBeTruthy();
    expect(screen.getByText('101/100 caracteres')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    // Exactly at the limits it saves.
    await user.clear(screen.getByLabelText(/^Nombre/));
    await user.click(screen.getByLabelText(/^Nombre/));
    await user.paste('n'.repeat(100));
    await user.clear(screen.getByLabelText(/^Descripción/));
    await user.click(screen.getByLabelText(/^Descripción/));
    await user.paste('d'.repeat(1000));
    await save();
    const result = await submittedOnce(onSubmit);
    expect(result.fields.name).toHaveLength(100);
    expect(result.fields.description).toHaveLength(1000);
  });

  it('refuses negative price, stock and discount with their messages', async () => {
    const { user, onSubmit, save } = setup();
    await user.type(screen.getByLabelText(/^Nombre/), 'Pelota');
    await user.type(screen.getByLabelText(/^Precio/), '-1');
    await user.type(screen.getByLabelText(/^Stock/), '-2');
    await user.clear(screen.getByLabelText(/^Descuento/));
    await user.type(screen.getByLabelText(/^Descuento/), '-5');
    await user.upload(screen.getByLabelText(/^Imagen Principal/), png());
    await save();
    expect(await screen.findByText('El precio no puede ser negativo')).toBeTruthy();
    expect(screen.getByText('El stock no puede ser negativo')).toBeTruthy();
    expect(screen.getByText('El descuento no puede ser negativo')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('creates with discount 0 by default, the chosen categories, the main image and the secondary images', async () => {
    const { user, onSubmit, save } = setup();
    expect((screen.getByLabelText(/^Descuento/) as HTMLInputElement).value).toBe('0');
    await user.type(screen.getByLabelText(/^Nombre/), '  Pelota sensorial ');
    await user.type(screen.getByLabelText(/^Precio/), '199.5');
    await user.type(screen.getByLabelText(/^Stock/), '12');
    await user.click(screen.getByRole('checkbox', { name: 'Didácticos' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sensoriales' }));
    const main = png('principal.png');
    await user.upload(screen.getByLabelText(/^Imagen Principal/), main);
    const extras = [png('uno.png'), png('dos.png')];
    await user.upload(screen.getByLabelText(/^Agregar imágenes secundarias/), extras);
    expect(screen.getByRole('list', { name: 'Imágenes nuevas por subir' }).querySelectorAll('li')).toHaveLength(2);
    await save();
    expect(await submittedOnce(onSubmit)).toEqual({
      fields: { name: 'Pelota sensorial', description: '', price: 199.5, stock: 12, discount: 0, categoryIds: [1, 2] },
      image: main,
      newImages: extras,
      removedImageIds: [],
    });
  });

  it('rejects a file that is not an image', async () => {
    const { user, save } = setup();
    await user.upload(
      screen.getByLabelText(/^Imagen Principal/),
      new File(['hola'], 'notas.txt', { type: 'text/plain' }),
    );
    expect(screen.getByText('El archivo debe ser una imagen')).toBeTruthy();
    await save();
    expect(await screen.findByText('Debes agregar una imagen principal')).toBeTruthy();
  });

  describe('the main picture, previewed when chosen', () => {
    // jsdom makes no object URLs; the previews need one each.
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    beforeEach(() => {
      Object.assign(URL, { createObjectURL: () => 'blob:foto', revokeObjectURL: () => {} });
    });
    afterEach(() => {
      Object.assign(URL, original);
    });

    /** Chooses `file` as the main picture; returns its preview. */
    async function choose(user: ReturnType<typeof setup>['user'], file: File) {
      await user.upload(screen.getByLabelText(/^Imagen Principal/), file);
      return screen.getByAltText('Vista previa de imagen principal');
    }
    /** The preview loads a picture of `width` × `height` pixels. */
    function loads(preview: HTMLElement, width: number, height: number) {
      Object.defineProperty(preview, 'naturalWidth', { value: width });
      Object.defineProperty(preview, 'naturalHeight', { value: height });
      fireEvent.load(preview);
    }

    it('says at once when the browser cannot draw the chosen picture, and keeps none of it', async () => {
      const { user, save } = setup();
      fireEvent.error(await choose(user, new File(['hola'], 'foto.png', { type: 'image/png' })));
      expect(
        await screen.findByText('El archivo debe ser una imagen: se aceptan JPEG, PNG, WebP, GIF o AVIF.'),
      ).toBeTruthy();
      expect(screen.queryByAltText('Vista previa de imagen principal')).toBeNull();
      await save();
      expect(await screen.findByText('Debes agregar una imagen principal')).toBeTruthy();
    });

    it('says at once when the chosen picture has more pixels than the server takes, and keeps none of it', async () => {
      const { user, save } = setup();
      // 16,000 × 16,000 px: 256 megapixels, a file of under 1 MB when it is one colour.
      loads(await choose(user, new File(['png'], 'panorama.png', { type: 'image/png' })), 16_000, 16_000);
      expect(
        await screen.findByText(
          'La imagen es demasiado grande: se aceptan hasta 50 megapíxeles (por ejemplo, 8000 × 6000 píxeles).',
        ),
      ).toBeTruthy();
      expect(screen.queryByAltText('Vista previa de imagen principal')).toBeNull();
      await save();
      expect(await screen.findByText('Debes agregar una imagen principal')).toBeTruthy();
    });

    it("keeps a phone camera's full-size photo (48 megapixels)", async () => {
      const { user } = setup();
      loads(await choose(user, new File(['jpg'], 'foto.jpg', { type: 'image/jpeg' })), 8_000, 6_000);
      expect(screen.getByAltText('Vista previa de imagen principal')).toBeTruthy();
      expect(screen.queryByText(/demasiado grande/)).toBeNull();
    });
  });

  it('edits without a new main image, prefilled, and can mark a secondary image for removal', async () => {
    const { user, onSubmit, save } = setup(PRODUCT);
    expect((screen.getByLabelText(/^Nombre/) as HTMLInputElement).value).toBe('Cubo sensorial');
    expect((screen.getByLabelText(/^Precio/) as HTMLInputElement).value).toBe('649');
    expect((screen.getByLabelText(/^Descuento/) as HTMLInputElement).value).toBe('10');
    expect((screen.getByRole('checkbox', { name: 'Sensoriales' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('img', { name: 'Imagen secundaria 1' }).getAttribute('src')).toBe('/uploads/b-thumb.webp');
    await user.click(screen.getByRole('button', { name: 'Quitar imagen secundaria 1' }));
    await user.clear(screen.getByLabelText(/^Stock/));
    await user.type(screen.getByLabelText(/^Stock/), '0');
    await save();
    expect(await submittedOnce(onSubmit)).toEqual({
      fields: {
        name: 'Cubo sensorial',
        description: 'Texturas para explorar',
        price: 649,
        stock: 0,
        discount: 10,
        categoryIds: [2],
      },
      image: null,
      newImages: [],
      removedImageIds: [31],
    });
  });
});
