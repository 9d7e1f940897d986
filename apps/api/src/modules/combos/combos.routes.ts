import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { comboFormSchema, comboSchema, SECONDARY_IMAGES_MAX } from '@tienda/shared/catalog';
import { IMAGE_LIMITS_TEXT, MAX_FILES } from '../../lib/multipart.js';
import { registerCatalogueItemRoutes } from '../catalog/catalogue-item.routes.js';
import * as service from './combos.service.js';

const COMBO_FORM_DOC =
  'multipart/form-data: Name, Description, Price (lempiras), Stock, ProductIds (repetido), Image (obligatoria al crear, ' +
  'opcional al editar), files (imágenes secundarias opcionales, repetido). Los nombres no distinguen mayúsculas.';

// spec §7 Catalogue: combos. Reads are public (the spec's client sends a bearer to the list; it is not
// needed); writes are for administrators (catalogue-item.routes.ts).
export const comboRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['combos'];

  registerCatalogueItemRoutes(app, {
    kind: service.comboKind,
    tags,
    itemSchema: comboSchema,
    basePath: '/api/Combo',
    createPath: '/api/Combo/Create',
    updateMethod: 'PATCH',
    // spec §7: Name, Description, Price, Stock, ProductIds repeated, Image.
    form: {
      schema: comboFormSchema,
      single: { name: 'Name', description: 'Description', price: 'Price', stock: 'Stock' },
      repeated: { productIds: 'ProductIds' },
      image: 'Image',
      description: COMBO_FORM_DOC,
    },
    summaries: {
      list: 'Lista de combos, los más nuevos primero',
      get: 'Un combo con sus productos',
      search: 'Búsqueda de combos: término, categorías de sus productos (cualquiera), orden y solo en stock',
      create: 'Crear combo (admin)',
      update: 'Editar combo (admin); sin Image se conserva la imagen',
      addImages: 'Agregar imágenes secundarias al combo (admin)',
      addImagesDescription: `multipart/form-data: files (repetido), hasta ${MAX_FILES} por envío y ${SECONDARY_IMAGES_MAX} por combo, ${IMAGE_LIMITS_TEXT} cada una.`,
      removeImage: 'Quitar una imagen secundaria del combo (admin)',
      removeImageDescription: 'imageId es el de secondaryImages[].imageId en el combo. Responde 204.',
      delete: 'Eliminar combo (admin); las órdenes conservan nombre, precio e imagen',
    },
  });
};
