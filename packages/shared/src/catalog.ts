import { z } from 'zod';
import './zod-messages.js';
import { PRODUCT_DESCRIPTION_MAX, PRODUCT_NAME_MAX } from './constants.js';
import { idSchema } from './ids.js';
import { API, VALIDATION } from './messages.js';
import { hasUntypeable } from './untypeable.js';

// The catalogue's forms, search request and JSON shapes, shared by the web app and the API (GUIDE §4).

// docs/decisions/0021-stock-edits-as-changes.md: an edit form's stock is applied as a change, once per form session.
/** An edit form's session key (a random hex string the form makes when it opens). */
export const STOCK_EDIT_SESSION_PATTERN = /^[0-9a-f]{16,64}$/;

/** The catalogue's own Spanish replies (spec §5 texts live in VALIDATION). */
export const STOCK_EDIT_MESSAGES = {
  stockLoadedInvalid: 'El inventario de referencia del formulario no es válido. Recarga la página.',
  sessionInvalid: 'La sesión de edición del formulario no es válida. Recarga la página.',
  wouldGoNegative: (left: number) =>
    `Mientras editabas se vendieron unidades: ${left === 0 ? 'no queda ninguna' : left === 1 ? 'queda 1' : `quedan ${left}`} y con tu cambio el ` +
    'inventario quedaría en negativo. Revisa el inventario y vuelve a guardar.',
} as const;

/** Ids one list may name: a product's or a search's categories, a combo's products. */
export const ID_LIST_MAX = 200;

export const CATALOG = {
  categoryNotFound: 'La categoría no existe.',
  categoryDuplicate: 'Ya existe una categoría con ese nombre.',
  productNotFound: 'El producto no existe.',
  comboNotFound: 'El combo no existe.',
  imageNotFound: 'La imagen no existe.',
  unknownCategory: 'Alguna de las categorías seleccionadas no existe.',
  unknownProduct: 'Alguno de los productos seleccionados no existe.',
  invalidIdInList: 'La lista contiene un identificador no válido.',
  idListTooLong: `La lista puede tener como máximo ${ID_LIST_MAX} identificadores.`,
  priceInvalid: 'El precio debe ser un número válido.',
  priceTooHigh: 'El precio no puede ser mayor que L 999,999.99',
  priceCentavos: 'El precio puede tener como máximo dos decimales.',
  stockTooHigh: 'El stock no puede ser mayor que 1,000,000',
  discountInvalid: 'El descuento debe ser un número válido.',
  stockInvalidNumber: 'El stock debe ser un número válido.',
  imagesRequired: 'Debes adjuntar al menos una imagen.',
  tooManyImages: 'Se permiten como máximo 20 imágenes secundarias por artículo.',
  searchTermTooLong: 'La búsqueda no puede tener más de 100 caracteres.',
  searchSortInvalid: 'El orden debe ser "name", "price" o vacío.',
  searchInvalid: 'La búsqueda no es válida.',
  searchPageInvalid: 'La página debe ser un número entero entre 1 y 10000.',
  searchPageSizeInvalid: 'El tamaño de página debe ser un número entero entre 1 y 60.',
  invalidText: API.invalidText,
} as const;

/**
 * 409 for deleting a product that combos hold: deleted, it would leave them on sale at their price, their descriptions
 * naming it, or with no product at all. The owner takes it out of them first (or deletes them).
 */
export function productInCombos(comboNames: readonly string[]): string {
  const quoted = comboNames.map((name) => `«${name}»`).join(', ');
  return comboNames.length === 1
    ? `No se puede eliminar: el producto forma parte del combo ${quoted}. Quítalo de ese combo primero.`
    : `No se puede eliminar: el producto forma parte de los combos ${quoted}. Quítalo de esos combos primero.`;
}

export const CATEGORY_NAME_MAX = PRODUCT_NAME_MAX;
export const CATEGORY_DESCRIPTION_MAX = PRODUCT_DESCRIPTION_MAX;
export const COMBO_NAME_MAX = PRODUCT_NAME_MAX;
export const COMBO_DESCRIPTION_MAX = PRODUCT_DESCRIPTION_MAX;
/** Lempiras; keeps cents inside a 32-bit integer column with room for arithmetic. */
export const PRICE_MAX = 999_999.99;
export const STOCK_MAX = 1_000_000;
export const SECONDARY_IMAGES_MAX = 20;
export const SEARCH_TERM_MAX = 100;
export const SEARCH_PAGE_MAX = 10_000;
export const SEARCH_PAGE_SIZE_MAX = 60;
/** Largest id a 32-bit integer column holds; larger ids in a request are invalid, not a database error. */

// ---------------------------------------------------------------------------------------------
// Input helpers: form inputs and multipart fields arrive as text, JSON as numbers; both end as numbers.

/** A number field as a form holds it (text), as JSON sends it (a number), or missing. */
export type NumberInput = string | number | null | undefined;

/** A number as a form writes it: digits with an optional point. Not '0x10', '1e3' or 'Infinity', which Number reads. */
const DECIMAL_TEXT = /^-?(\d+\.?\d*|\.\d+)$/;
/**
 * Centavos after a comma ('12,50', '7,5'), as a phone set to a language that writes decimals so types them. Only one
 * or two digits: Honduras writes thousands with a comma ('1,250' is one thousand two hundred and fifty), so a comma
 * before three digits is refused rather than read either way.
 */
const DECIMAL_COMMA_TEXT = /^-?\d+,\d{1,2}$/;

/** '' / null / undefined → undefined (the field is missing); numeric text → number; junk text → NaN. */
export function toNumberInput(value: NumberInput): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return undefined;
    if (DECIMAL_COMMA_TEXT.test(trimmed)) return Number(trimmed.replace(',', '.'));
    return DECIMAL_TEXT.test(trimmed) ? Number(trimmed) : Number.NaN;
  }
  return value;
}

/** Whether `amount` is whole centavos: a price is stored in cents, and 1.005 would be rounded to something not typed. */
const inCentavos = (amount: number) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

/** A price in lempiras: 0 (spec §5) up to PRICE_MAX, at most two decimals. */
function priceField(required: string) {
  return z.preprocess(
    toNumberInput,
    numberField({ required, invalid: CATALOG.priceInvalid })
      .min(0, VALIDATION.priceNegative)
      .max(PRICE_MAX, CATALOG.priceTooHigh)
      .refine(inCentavos, CATALOG.priceCentavos),
  );
}

function numberField(messages: { required: string; invalid: string }) {
  return z.number({ error: (issue) => (issue.input === undefined ? messages.required : messages.invalid) });
}

/** A list of ids as a form holds it (numbers), as multipart sends it (repeated '1', '2' or '1,2') or JSON. */
export type IdListInput = number | string | readonly (number | string)[] | null | undefined;

/** The ids of an id list field, as numbers (junk text becomes NaN, which the schema refuses). */
export function toIdList(value: IdListInput): number[] {
  if (value === null || value === undefined) return [];
  const items = typeof value === 'number' || typeof value === 'string' ? [value] : value;
  return items
    .flatMap((item): (number | string)[] =>
      typeof item === 'string' ? item.replace(/[[\]\s]/g, '').split(',') : [item],
    )
    .filter((item) => item !== '')
    .map((item) => (typeof item === 'string' ? Number(item) : item));
}

function idList(message: string) {
  return z.preprocess(
    toIdList,
    z
      .array(idSchema(message), { error: message })
      .max(ID_LIST_MAX, CATALOG.idListTooLong)
      .transform((ids) => [...new Set(ids)]),
  );
}

// NUL (which PostgreSQL cannot store) and the controls that reverse text are refused as a 400 (untypeable.ts).
const isTypeable = (text: string) => !hasUntypeable(text);

/** Optional free text: missing or null becomes ''. */
function optionalText(max: number, maxMessage: string) {
  return z.preprocess(
    (value: string | null | undefined) => value ?? '',
    z.string({ error: maxMessage }).trim().max(max, maxMessage).refine(isTypeable, CATALOG.invalidText),
  );
}

/** Whether a form's file value holds a file: File/Blob, FileList, array of files, or bytes (API side). */
export function hasFile(value: unknown): boolean {
  if (value === null || value === undefined || typeof value !== 'object') return false;
  if ('length' in value && typeof value.length === 'number') return value.length > 0;
  if ('size' in value && typeof value.size === 'number') return value.size > 0;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Categories (spec §5: both fields non-blank after trimming, 'Todos los campos son obligatorios.')

export const categoryFormSchema = z.object(
  {
    name: z
      .string({ error: VALIDATION.categoryIncomplete })
      .trim()
      .min(1, VALIDATION.categoryIncomplete)
      .max(CATEGORY_NAME_MAX, VALIDATION.productNameMax)
      .refine(isTypeable, CATALOG.invalidText),
    description: z
      .string({ error: VALIDATION.categoryIncomplete })
      .trim()
      .min(1, VALIDATION.categoryIncomplete)
      .max(CATEGORY_DESCRIPTION_MAX, VALIDATION.productDescriptionMax)
      .refine(isTypeable, CATALOG.invalidText),
  },
  { error: VALIDATION.categoryIncomplete },
);
export type CategoryForm = z.infer<typeof categoryFormSchema>;

// ---------------------------------------------------------------------------------------------
// Products (spec §5 Product admin; §9 name ≤ 100, description ≤ 1000 — enforced for real here)

export const productFieldsSchema = z.object({
  name: z
    .string({ error: VALIDATION.productRequired })
    .trim()
    .min(1, VALIDATION.productRequired)
    .max(PRODUCT_NAME_MAX, VALIDATION.productNameMax)
    .refine(isTypeable, CATALOG.invalidText),
  description: optionalText(PRODUCT_DESCRIPTION_MAX, VALIDATION.productDescriptionMax),
  price: priceField(VALIDATION.productRequired),
  stock: z.preprocess(
    toNumberInput,
    numberField({ required: VALIDATION.productRequired, invalid: CATALOG.stockInvalidNumber })
      .min(0, VALIDATION.stockNegative)
      .int(VALIDATION.stockInteger)
      .max(STOCK_MAX, CATALOG.stockTooHigh),
  ),
  // spec §5: discount defaults to 0.
  discount: z.preprocess(
    (value: NumberInput) => toNumberInput(value) ?? 0,
    numberField({ required: CATALOG.discountInvalid, invalid: CATALOG.discountInvalid })
      .min(0, VALIDATION.discountNegative)
      .max(100, VALIDATION.discountOver100),
  ),
  categoryIds: idList(CATALOG.invalidIdInList),
});
/** A product's fields once parsed: price in lempiras, discount in percent. */
export type ProductInput = z.output<typeof productFieldsSchema>;

/** The admin product form; the main image is required on create only (spec §5). */
export function productFormSchema(mode: 'create' | 'edit') {
  return productFieldsSchema.extend({
    image:
      mode === 'create'
        ? z.custom<unknown>(hasFile, { error: VALIDATION.productMainImageRequired })
        : z.unknown().optional(),
  });
}
/** The admin product form's values as typed (react-hook-form's input) and once parsed (its output). */
export type ProductFormValues = z.input<ReturnType<typeof productFormSchema>>;
export type ProductFormOutput = z.output<ReturnType<typeof productFormSchema>>;

// ---------------------------------------------------------------------------------------------
// Combos (spec §5 Create combo / Edit combo)

const comboStock = (requiredMessage: string | null) =>
  z.preprocess(
    (value: NumberInput) => toNumberInput(value) ?? (requiredMessage === null ? 0 : undefined),
    numberField({ required: requiredMessage ?? VALIDATION.comboStockInvalid, invalid: VALIDATION.comboStockInvalid })
      .min(0, VALIDATION.comboStockInvalid)
      .int(VALIDATION.comboStockInvalid)
      .max(STOCK_MAX, CATALOG.stockTooHigh),
  );

/** The admin combo form (spec §5 Create combo / Edit combo): the web form and the API's multipart body. */
export function comboFormSchema(mode: 'create' | 'edit') {
  const required = mode === 'create' ? VALIDATION.comboCreateIncomplete : VALIDATION.comboEditIncomplete;
  return z.object({
    name: z
      .string({ error: required })
      .trim()
      .min(1, required)
      .max(COMBO_NAME_MAX, VALIDATION.productNameMax)
      .refine(isTypeable, CATALOG.invalidText),
    description: z
      .string({ error: required })
      .trim()
      .min(1, required)
      .max(COMBO_DESCRIPTION_MAX, VALIDATION.productDescriptionMax)
      .refine(isTypeable, CATALOG.invalidText),
    price: priceField(required),
    // spec §5: on create the stock is an integer defaulting to 0; on edit it is required.
    stock: comboStock(mode === 'create' ? null : required),
    productIds: idList(CATALOG.invalidIdInList).pipe(
      z.array(z.number()).min(1, mode === 'create' ? VALIDATION.comboCreateIncomplete : VALIDATION.comboNeedsProduct),
    ),
    image:
      mode === 'create'
        ? z.custom<unknown>(hasFile, { error: VALIDATION.comboCreateIncomplete })
        : z.unknown().optional(),
  });
}

/** The admin combo form's values as typed (react-hook-form's input) and once parsed (its output). */
export type ComboFormValues = z.input<ReturnType<typeof comboFormSchema>>;
export type ComboFormOutput = z.output<ReturnType<typeof comboFormSchema>>;

export const comboCreateFormSchema = comboFormSchema('create');
export const comboEditFormSchema = comboFormSchema('edit');
/** A combo's fields once parsed (price in lempiras). */
export type ComboInput = Omit<z.output<typeof comboEditFormSchema>, 'image'>;
/** The same rules without the image, for callers that hand the image over separately. */
export const comboFieldsSchema = comboEditFormSchema.omit({ image: true });

// ---------------------------------------------------------------------------------------------
// Search (spec §3 Catalogue search request), POST /api/Product/search and /api/Combo/search

export const SORT_FIELDS = ['name', 'price'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

const searchTerm = z
  .string({ error: CATALOG.searchInvalid })
  .trim()
  .max(SEARCH_TERM_MAX, CATALOG.searchTermTooLong)
  .refine(isTypeable, CATALOG.invalidText);
const pageNumber = z
  .number({ error: CATALOG.searchPageInvalid })
  .int(CATALOG.searchPageInvalid)
  .min(1, CATALOG.searchPageInvalid)
  .max(SEARCH_PAGE_MAX, CATALOG.searchPageInvalid);
const pageSizeNumber = z
  .number({ error: CATALOG.searchPageSizeInvalid })
  .int(CATALOG.searchPageSizeInvalid)
  .min(1, CATALOG.searchPageSizeInvalid)
  .max(SEARCH_PAGE_SIZE_MAX, CATALOG.searchPageSizeInvalid);

export const catalogSearchSchema = z.object(
  {
    searchTerm: searchTerm.nullish(),
    categories: z.preprocess(
      (value) =>
        Array.isArray(value)
          ? value.map((item) => (typeof item === 'string' && item.trim() !== '' ? Number(item) : item))
          : value,
      z
        .array(idSchema(CATALOG.invalidIdInList), {
          error: CATALOG.invalidIdInList,
        })
        .max(ID_LIST_MAX, CATALOG.idListTooLong)
        .nullish(),
    ),
    // spec §4: sort defaults to none; '' from a select counts as none.
    sortBy: z.preprocess(
      (value) => (typeof value === 'string' ? (value.trim() === '' ? null : value.trim().toLowerCase()) : value),
      z.enum(SORT_FIELDS, { error: CATALOG.searchSortInvalid }).nullish(),
    ),
    sortAsc: z.boolean({ error: CATALOG.searchInvalid }).nullish(),
    inStock: z.boolean({ error: CATALOG.searchInvalid }).nullish(),
    // Extension (docs/decisions/0026-catalogue-search-index.md): with a page, the answer is one page in an
    // envelope (CatalogPage) instead of the spec's whole list.
    page: pageNumber.nullish(),
    pageSize: pageSizeNumber.nullish(),
  },
  { error: CATALOG.searchInvalid },
);
export type CatalogSearchRequest = z.input<typeof catalogSearchSchema>;
export type CatalogSearch = z.output<typeof catalogSearchSchema>;

/** A query-string number: '' or missing is none; anything else must read as the number (so 'abc' is refused). */
export const fromQueryString = (value: unknown) =>
  typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value;

/**
 * Extension: an admin list searched and paged by the server, `GET /api/…/admin-list?q=&page=&pageSize=`
 * (docs/decisions/0026-catalogue-search-index.md, amendment of 2026-11-26 late; docs/decisions/0035-…). `q` is
 * spec §9's admin search: the term, folded, contained in one of the list's searched fields.
 */
export const adminListQuerySchema = z.object(
  {
    q: searchTerm.optional(),
    page: z.preprocess(fromQueryString, pageNumber.optional()),
    pageSize: z.preprocess(fromQueryString, pageSizeNumber.optional()),
  },
  { error: CATALOG.searchInvalid },
);
export type AdminListQuery = z.output<typeof adminListQuerySchema>;

/** One page of an admin list (adminListQuerySchema): its items, and every match's count for the pager. */
export const adminPageSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

// ---------------------------------------------------------------------------------------------
// JSON shapes (spec §3), as the API answers them; the extra fields are marked.

export const categorySchema = z.object({
  categoryId: z.number(),
  name: z.string(),
  description: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

/** Extra: a secondary image with its id (for DELETE …/images/{imageId}) and thumbnail. */
export const secondaryImageSchema = z.object({
  imageId: z.number(),
  url: z.string(),
  thumbnailUrl: z.string(),
});
export type SecondaryImage = z.infer<typeof secondaryImageSchema>;

export const productSchema = z.object({
  productId: z.number(),
  name: z.string(),
  description: z.string(),
  /** Lempiras, before discount. */
  price: z.number(),
  /** Percent, 0 when none. */
  discount: z.number(),
  stock: z.number(),
  imageUrl: z.string().nullable(),
  /** Extra: a small version of imageUrl for cards and tables. */
  thumbnailUrl: z.string().nullable(),
  /** Secondary image URLs, in order. */
  productImages: z.array(z.string()),
  /** Extra: productImages with ids and thumbnails (the admin's "secondaryImages"). */
  secondaryImages: z.array(secondaryImageSchema),
  categoryIds: z.array(z.number()),
  categories: z.array(z.string()),
  /** Extra: ISO-8601. */
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** Extension: how many results fall in each category, for the shop's category filter. */
export const categoryCountSchema = z.object({ categoryId: z.number(), count: z.number() });
export type CategoryCount = z.infer<typeof categoryCountSchema>;

/** Extension: what a shop card shows of a product (a page of search results carries only this). */
export const productCardSchema = productSchema.pick({
  productId: true,
  name: true,
  description: true,
  price: true,
  discount: true,
  stock: true,
  imageUrl: true,
  thumbnailUrl: true,
});
export type ProductCard = z.infer<typeof productCardSchema>;

/** Extension: one page of a paged search (docs/decisions/0026-catalogue-search-index.md). */
export const productPageSchema = z.object({
  items: z.array(productCardSchema),
  /** Every result's count, for the pager. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Per category, the results of the same term and stock filter, whatever categories are ticked. */
  categoryCounts: z.array(categoryCountSchema),
});
export type ProductPage = z.infer<typeof productPageSchema>;

/** Extension: one page of the product admin's list (adminListQuerySchema), whole products, newest first. */
export const adminProductPageSchema = adminPageSchema(productSchema);
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;

export const featuredProductSchema = z.object({
  productId: z.number(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  price: z.number(),
  discount: z.number(),
});
export type FeaturedProduct = z.infer<typeof featuredProductSchema>;

export const comboProductSchema = z.object({
  productId: z.number(),
  name: z.string(),
  description: z.string(),
  /** Lempiras, before the product's own discount. */
  price: z.number(),
  /** Extra: the product's discount in percent. */
  discount: z.number(),
  imageUrl: z.string().nullable(),
  /** Extra. */
  thumbnailUrl: z.string().nullable(),
});
export type ComboProduct = z.infer<typeof comboProductSchema>;

export const comboSchema = z.object({
  comboId: z.number(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  stock: z.number(),
  imageUrl: z.string().nullable(),
  /** Extra. */
  thumbnailUrl: z.string().nullable(),
  comboImages: z.array(z.string()),
  /** Extra: comboImages with ids and thumbnails. */
  secondaryImages: z.array(secondaryImageSchema),
  products: z.array(comboProductSchema),
  /** Extra: ISO-8601. */
  createdAt: z.string(),
});
export type Combo = z.infer<typeof comboSchema>;
