import { describe, expect, it } from 'vitest';
import { checkoutFormSchema, createOrderBodySchema, isShortStockMessage, shortStockMessage } from './orders.js';

const form = {
  department: 'Cortés',
  city: 'San Pedro Sula',
  address: 'Col. Trejo',
  phone: '99887766',
  paymentMethod: 'contra_entrega' as const,
};
const firstMessage = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('checkout form (spec §5)', () => {
  it('accepts a complete form and trims it', () => {
    expect(checkoutFormSchema.parse({ ...form, address: '  Col. Trejo  ', phone: ' 99887766 ' })).toEqual(form);
  });

  it('reads a phone written with spaces, dashes or the country code as its 8 digits', () => {
    for (const phone of ['9988 7766', '9988-7766', '(504) 9988-7766', '+504 9988 7766', '5049988.7766']) {
      expect(checkoutFormSchema.parse({ ...form, phone }).phone, phone).toBe('99887766');
    }
  });

  it.each([
    [{ department: '' }, 'Por favor completa toda la información de entrega'],
    [{ city: '' }, 'Por favor completa toda la información de entrega'],
    [{ address: '  ' }, 'Por favor completa toda la información de entrega'],
    [{ phone: '' }, 'Por favor completa toda la información de entrega'],
    [{ phone: '9988776' }, 'Por favor ingrese un formato de telefono valido XXXXXXXX'],
    [{ phone: '9988 776' }, 'Por favor ingrese un formato de telefono valido XXXXXXXX'],
    [{ phone: '+1 9988 7766' }, 'Por favor ingrese un formato de telefono valido XXXXXXXX'],
    [{ phone: '9988/7766' }, 'Por favor ingrese un formato de telefono valido XXXXXXXX'],
    [{ phone: 'abcdefgh' }, 'Por favor ingrese un formato de telefono valido XXXXXXXX'],
    [{ department: 'Texas' }, 'Selecciona un departamento válido.'],
    [{ department: 'Yoro', city: 'San Pedro Sula' }, 'Selecciona una ciudad del departamento elegido.'],
  ])('refuses %j', (change, message) => {
    expect(firstMessage(checkoutFormSchema.safeParse({ ...form, ...change }))).toBe(message);
  });

  it('asks how the family pays, among the three ways', () => {
    expect(checkoutFormSchema.safeParse({ ...form, paymentMethod: 'transferencia' }).success).toBe(true);
    expect(firstMessage(checkoutFormSchema.safeParse({ ...form, paymentMethod: 'tarjeta' }))).toBe(
      'Elige una forma de pago: pago contra entrega, transferencia bancaria o enlace de pago.',
    );
  });

  it('accepts every department with its own last city, Otra', () => {
    expect(checkoutFormSchema.safeParse({ ...form, department: 'Islas de la Bahía', city: 'Otra' }).success).toBe(true);
  });
});

describe('order payload (spec §3)', () => {
  it('parses the spec payload and ignores nothing it needs', () => {
    const body = createOrderBodySchema.parse({
      userId: 4,
      ...form,
      subtotal: 10,
      appliedDiscount: 0,
      deliveryFee: 80,
      total: 90,
      OrderProducts: [{ ProductId: 1, Quantity: 2, unitprice: 5, subtotal: 10, appliedDiscount: 0 }],
      OrderCombos: [{ comboid: 7, quantity: 1 }],
    });
    expect(body.OrderProducts?.[0]).toMatchObject({ productId: 1, quantity: 2 });
    expect(body.OrderCombos?.[0]).toMatchObject({ comboId: 7, quantity: 1 });
  });

  it('needs at least one line', () => {
    expect(firstMessage(createOrderBodySchema.safeParse({ ...form, OrderProducts: [], OrderCombos: [] }))).toBe(
      'Tu carrito está vacío',
    );
    expect(firstMessage(createOrderBodySchema.safeParse(form))).toBe('Tu carrito está vacío');
  });

  it('keeps line quantities within 1–99', () => {
    expect(
      firstMessage(createOrderBodySchema.safeParse({ ...form, OrderProducts: [{ productId: 1, quantity: 100 }] })),
    ).toBe('La cantidad de cada artículo debe ser un número entero entre 1 y 99.');
  });
});

describe('order messages', () => {
  it('words a short line', () => {
    expect(shortStockMessage('Cubo', 2)).toBe('No hay suficiente stock de «Cubo». Quedan 2.');
    expect(shortStockMessage('Cubo', 1)).toBe('No hay suficiente stock de «Cubo». Queda 1.');
    expect(shortStockMessage('Cubo', 0)).toBe('«Cubo» está agotado.');
  });
});

describe('isShortStockMessage', () => {
  it('recognises both of shortStockMessage’s texts, and nothing else', () => {
    expect(isShortStockMessage(shortStockMessage('Cubo sensorial', 1))).toBe(true);
    expect(isShortStockMessage(shortStockMessage('Cubo sensorial', 0))).toBe(true);
    expect(isShortStockMessage(shortStockMessage('Cubo sensorial', 7))).toBe(true);
    expect(isShortStockMessage('Ya tienes 5 órdenes pendientes de pago.')).toBe(false);
    expect(isShortStockMessage('La orden no existe.')).toBe(false);
  });
});
