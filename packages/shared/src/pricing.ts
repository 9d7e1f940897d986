// Money travels as lempiras with two decimals at the edges and as integer cents inside (GUIDE §5).
export function toCents(lempiras: number): number {
  return hundredths(lempiras);
}

/** A discount in percent as stored: hundredths of a percent (basis points). */
export function toBasisPoints(percent: number): number {
  return hundredths(percent);
}

/** A stored discount (basis points) in percent, as the API's JSON says it (spec §3: `discount`). */
export function fromBasisPoints(basisPoints: number): number {
  return basisPoints / 100;
}

/**
 * `value` × 100, rounded half up as the value was written: 1.005 is 1.00499999… as a binary number, so a plain
 * Math.round(1.005 * 100) gives 100 where the owner typed a price that rounds to 101.
 */
function hundredths(value: number): number {
  return Math.round(Number((value * 100).toPrecision(15)));
}

export function fromCents(cents: number): number {
  return cents / 100;
}

// spec §9: discounted price = price × (1 − discount/100), two decimals.
export function discountedPriceCents(priceCents: number, discountPercent: number): number {
  if (!discountPercent || discountPercent <= 0) return priceCents;
  return Math.round((priceCents * (100 - Math.min(discountPercent, 100))) / 100);
}

/** The price paid for a stored row: its price in cents less its stored discount (basis points). */
export function paidPriceCents(priceCents: number, discountBasisPoints: number): number {
  return discountedPriceCents(priceCents, fromBasisPoints(discountBasisPoints));
}

export function discountedPrice(price: number, discountPercent: number | null | undefined): number {
  return fromCents(discountedPriceCents(toCents(price), discountPercent ?? 0));
}

/** One of each of `products` bought separately, each after its own discount: what a combo's price is weighed against. */
export function separatePriceCents(products: ReadonlyArray<{ price: number; discount?: number | null }>): number {
  return products.reduce((sum, p) => sum + discountedPriceCents(toCents(p.price), p.discount ?? 0), 0);
}

// spec §9: L80 inside San Pedro Sula, L100 anywhere else in Honduras.
export const LOCAL_DELIVERY_CITY = 'San Pedro Sula';
export const DELIVERY_FEE_LOCAL_CENTS = 8000;
export const DELIVERY_FEE_NATIONAL_CENTS = 10000;

export function deliveryFeeCents(city: string): number {
  return city === LOCAL_DELIVERY_CITY ? DELIVERY_FEE_LOCAL_CENTS : DELIVERY_FEE_NATIONAL_CENTS;
}

// One formatter for the amounts the fast path below leaves to it: toLocaleString() with options builds a new one per
// call, which was the largest single cost of an order's two e-mails (docs/decisions/0012-…).
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Below this, an amount's cents are exact in `hundredths` (15 significant digits). */
const EXACT_CENTS_BELOW = 1e12;

/**
 * An amount with thousands separators and two decimals, as Intl's en-US writes it ("1,250.00"). Amounts in lempiras
 * and cents are written by hand: Intl's format call cost about a microsecond each, and an order's two e-mails write
 * a dozen amounts each: 3 % of an order's CPU, half of writing its e-mails (docs/decisions/0032-…). Negative or huge
 * amounts go to Intl.
 */
function twoDecimalsText(amount: number): string {
  if (!(amount >= 0 && amount < EXACT_CENTS_BELOW) || Object.is(amount, -0)) return twoDecimals.format(amount);
  const scaled = amount * 100;
  let cents = Math.round(scaled);
  // Whole cents (every stored amount) are exact here; anything finer rounds as the owner wrote it.
  if (Math.abs(scaled - cents) > 1e-6) cents = hundredths(amount);
  const fraction = cents % 100;
  let whole = (cents - fraction) / 100;
  let grouped = '';
  while (whole >= 1000) {
    const group = whole % 1000;
    grouped = `,${group < 10 ? '00' : group < 100 ? '0' : ''}${group}${grouped}`;
    whole = (whole - group) / 1000;
  }
  return `${whole}${grouped}.${fraction < 10 ? '0' : ''}${fraction}`;
}

// spec §9: 'L' with two decimals, e.g. "L 1,250.00".
export function formatLempiras(amount: number): string {
  return `L ${twoDecimalsText(amount)}`;
}

// spec §9: '$' in product admin only.
export function formatDollars(amount: number): string {
  return `$${twoDecimalsText(amount)}`;
}

/** The two fees as the storefront writes them ('L 80.00', 'L 100.00'): header, cart, product and policy pages. */
export const LOCAL_DELIVERY_FEE_TEXT = formatLempiras(fromCents(DELIVERY_FEE_LOCAL_CENTS));
export const NATIONAL_DELIVERY_FEE_TEXT = formatLempiras(fromCents(DELIVERY_FEE_NATIONAL_CENTS));
