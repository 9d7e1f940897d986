import { VALIDATION } from '@tienda/shared/messages';
import { CATALOG, comboFieldsSchema, type Combo, type ComboInput } from '@tienda/shared/catalog';
import * as item from '../catalog/catalogue-item.js';
import { COMBO_PRODUCT_LINKS, COMBO_TABLES } from '../catalog/catalogue-item.repository.js';
import { existingProductIds } from '../catalog/products.repository.js';
import * as repo from './combos.repository.js';

// Combos: what sets them apart from products (they link products, have no discount, and their categories are
// their products'); their create, update, image and delete steps are the shared lifecycle in catalogue-item.ts.

export const comboKind: item.CatalogueItemKind<ComboInput, repo.ComboDetails, Combo, typeof COMBO_TABLES> = {
  tables: COMBO_TABLES,
  messages: {
    notFound: CATALOG.comboNotFound,
    mainImageRequired: VALIDATION.comboCreateIncomplete,
    unknownLink: CATALOG.unknownProduct,
  },
  schema: comboFieldsSchema,
  extraValues: () => ({}),
  links: COMBO_PRODUCT_LINKS,
  linkIds: (fields) => fields.productIds,
  existingLinks: existingProductIds,
  find: repo.findCombos,
  loadDetails: repo.loadComboDetails,
  toJson: repo.toComboJson,
};
