import { firstNameOf } from '@tienda/shared/names';
import { SHOP_WHATSAPP_NUMBER } from './shop-info';

// WhatsApp links: families ask before they buy, and after. The shop's number lives in shop-info.ts.

/** spec §2: 'Compartir por WhatsApp' → https://wa.me/?text=<name + page URL> (to any contact). */
export function whatsAppShareUrl(name: string, pageUrl: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${name} ${pageUrl}`)}`;
}

/** A chat with the shop, with `text` already typed. */
export function askShopOnWhatsAppUrl(text: string): string {
  return `https://wa.me/${SHOP_WHATSAPP_NUMBER}?text=${encodeURIComponent(text)}`;
}

/** The shop writing to a customer: `phone` is the order's 8 digits (spec §5), in Honduras (+504). */
export function chatWithCustomerUrl(phone: string, text: string): string {
  return `https://wa.me/504${phone}?text=${encodeURIComponent(text)}`;
}

export function aboutYourOrderText(customerName: string, orderId: number): string {
  const firstName = firstNameOf(customerName);
  const greeting = firstName ? `¡Hola, ${firstName}!` : '¡Hola!';
  // Tú, as every e-mail and screen of the shop speaks to a family.
  return `${greeting} Te escribimos de Jugar y Crecer sobre tu pedido #${orderId}.`;
}

export function askAboutItemText(kind: 'product' | 'combo', name: string, pageUrl: string): string {
  const what = kind === 'product' ? 'el juguete' : 'el combo';
  return `¡Hola! Tengo una pregunta sobre ${what} «${name}»: ${pageUrl}`;
}

export function askAboutOrderText(orderId: number, pageUrl: string): string {
  return `¡Hola! Tengo una pregunta sobre mi pedido #${orderId}: ${pageUrl}`;
}
