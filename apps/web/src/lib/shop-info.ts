// The shop's public contact points: the footer (spec §2: social links), /contacto (spec §2: phone, e-mail,
// address in San Pedro Sula, map) and the product pages read them from here, so a changed number changes
// everywhere. Placeholders until the owner confirms them (see the README).
export const SHOP_CITY = 'San Pedro Sula, Honduras';
export const SHOP_PHONE_DISPLAY = '+504 9876-5432';
export const SHOP_PHONE_HREF = 'tel:+50498765432';
export const SHOP_WHATSAPP_NUMBER = '50498765432';
export const SHOP_CONTACT_EMAIL = 'hola@jugarycrecer.hn';
export const SHOP_ADDRESS_LINES = ['Barrio Guamilito, 6 avenida', 'San Pedro Sula, Cortés, Honduras'] as const;
/** Centre of San Pedro Sula, for the map on /contacto. */
export const SHOP_MAP_POSITION = { lat: 15.5049, lon: -88.0251 } as const;

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/jugarycrecerhn' },
  { name: 'Instagram', href: 'https://www.instagram.com/jugarycrecerhn' },
  { name: 'WhatsApp', href: `https://wa.me/${SHOP_WHATSAPP_NUMBER}` },
] as const;
