import { describe, expect, it } from 'vitest';
import { aboutYourOrderText, chatWithCustomerUrl } from './whatsapp';

describe('the shop writing to a family on WhatsApp', () => {
  it('greets by the first name and names the order', () => {
    expect(aboutYourOrderText('Rosa Elvira Hernández Castellanos', 41)).toBe(
      '¡Hola, Rosa! Te escribimos de Jugar y Crecer sobre tu pedido #41.',
    );
    expect(aboutYourOrderText(' ', 41)).toBe('¡Hola! Te escribimos de Jugar y Crecer sobre tu pedido #41.');
  });

  it("opens a chat with the order's Honduran number, the text typed", () => {
    expect(chatWithCustomerUrl('98765432', '¡Hola, Rosa!')).toBe(
      `https://wa.me/50498765432?text=${encodeURIComponent('¡Hola, Rosa!')}`,
    );
  });
});
