import { describe, expect, it } from 'vitest';
import { addProductBodySchema, onlyLeftMessage, overMaxMessage, quantitySchema } from './cart.js';
import { maxQuantity } from './quantity.js';

describe('cart rules (spec §5, §9)', () => {
  it.each([
    [1, true],
    [99, true],
    [0, false],
    [100, false],
    [2.5, false],
    [-3, false],
  ])('quantity %s is valid: %s', (quantity, ok) => {
    expect(quantitySchema.safeParse(quantity).success).toBe(ok);
  });

  it('explains a bad quantity in Spanish', () => {
    expect(quantitySchema.safeParse(0).error?.issues[0]?.message).toBe(
      'La cantidad debe ser un número entero entre 1 y 99.',
    );
  });

  it('maxQuantity is min(stock, 99), never negative', () => {
    expect([maxQuantity(3), maxQuantity(120), maxQuantity(0), maxQuantity(-2)]).toEqual([3, 99, 0, 0]);
  });

  it('words the stock and 99-unit refusals', () => {
    expect(onlyLeftMessage('Cubo sensorial', 3)).toBe('Solo quedan 3 unidades de «Cubo sensorial».');
    expect(onlyLeftMessage('Trompo', 1)).toBe('Solo queda 1 unidad de «Trompo».');
    expect(onlyLeftMessage('Cubo', 3, 2)).toBe('Solo quedan 3 unidades de «Cubo» y ya tienes 2 en tu carrito.');
    expect(overMaxMessage('Canica')).toBe('Puedes llevar como máximo 99 unidades de «Canica».');
  });

  it('validates the AddProduct body with the spec spelling', () => {
    expect(addProductBodySchema.parse({ UserId: 1, ProductId: 2, Quantity: 3 })).toEqual({
      UserId: 1,
      ProductId: 2,
      Quantity: 3,
    });
    expect(addProductBodySchema.safeParse({ UserId: 1, ProductId: 0, Quantity: 3 }).error?.issues[0]?.message).toBe(
      'El identificador debe ser un número entero positivo.',
    );
  });
});
