import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminListQuerySchema,
  adminProductPageSchema,
  catalogSearchSchema,
  featuredProductSchema,
  productFormSchema,
  productPageSchema,
  productSchema,
  SECONDARY_IMAGES_MAX,
} from '@tienda/shared/catalog';
import { sendCachedAnswer, sentReady } from '../../lib/http-cache.js';
import { IMAGE_LIMITS_TEXT, MAX_FILES } from '../../lib/multipart.js';
import { requireAdmin } from '../../plugins/auth.js';
import { registerCatalogueItemRoutes } from './catalogue-item.routes.js';
import * as service from './products.service.js';

const PRODUCT_FORM_DOC =
  'multipart/form-data: name, description, price (lempiras), stock, discount (%), categoryIds (repetido), ' +
  'image (imagen principal; obligatoria al crear, opcional al editar), files (imágenes secundarias opcionales, repetido).';

// spec §7 Catalogue: products. Reads are public; writes are for administrators (catalogue-item.routes.ts).
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['productos'];

  app.get(
    '/api/Product/featured',
    {
      ...sentReady,
      schema: {
        tags,
        summary: 'Best sellers: los más vendidos, completados con los más nuevos en stock (máximo 12)',
        response: { 200: z.array(featuredProductSchema) },
      },
    },
    async (request, reply) => sendCachedAnswer(request, reply, await service.featuredAnswer(app.ctx)),
  );

  // Extension for the product admin (docs/decisions/0026-…, amendment of 2026-11-26 late): one page of the list.
  app.get(
    '/api/Product/admin-list',
    {
      onRequest: [requireAdmin],
      schema: {
        tags,
        summary:
          'Administración: una página de la lista de productos, los más nuevos primero; q busca el texto en el ' +
          'nombre o la descripción, sin distinguir mayúsculas ni tildes (page desde 1, pageSize 1–60, 30 si falta)',
        security: [{ bearer: [] }],
        querystring: adminListQuerySchema,
        response: { 200: adminProductPageSchema },
      },
    },
    async (request) => service.adminProductPage(app.ctx, request.query),
  );

  registerCatalogueItemRoutes(app, {
    kind: service.productKind,
    tags,
    itemSchema: productSchema,
    basePath: '/api/Product',
    createPath: '/api/Product',
    updateMethod: 'PUT',
    // spec §7: categoryIds repeated, name, description, price, stock, discount, image.
    form: {
      schema: productFormSchema,
      single: { name: 'name', description: 'description', price: 'price', stock: 'stock', discount: 'discount' },
      repeated: { categoryIds: 'categoryIds' },
      image: 'image',
      description: PRODUCT_FORM_DOC,
    },
    getAnswer: (id) => service.productAnswer(app.ctx, id),
    listAnswer: () => service.listAnswer(app.ctx),
    search: {
      body: catalogSearchSchema,
      response: z.union([z.array(productSchema), productPageSchema]),
      description:
        'Sin page ni pageSize responde la lista completa (spec §7). Con page y/o pageSize (extensión) responde ' +
        '{ items, total, page, pageSize, categoryCounts }.',
      run: (search) => service.searchAnswer(app.ctx, search),
    },
    summaries: {
      list: 'Lista de productos, los más nuevos primero',
      get: 'Un producto',
      search:
        'Búsqueda: término (sin distinguir mayúsculas ni tildes, con plurales, prefijos y errores de tipeo), ' +
        'categorías (cualquiera), orden y solo en stock',
      create: 'Crear producto (admin)',
      update: 'Editar producto (admin); sin image se conservan la imagen principal y las secundarias',
      addImages: 'Agregar imágenes secundarias (admin)',
      addImagesDescription: `multipart/form-data: files (repetido), hasta ${MAX_FILES} por envío y ${SECONDARY_IMAGES_MAX} por producto, ${IMAGE_LIMITS_TEXT} cada una.`,
      removeImage: 'Quitar una imagen secundaria (admin)',
      removeImageDescription: 'imageId es el de secondaryImages[].imageId en el producto. Responde 204.',
      delete: 'Eliminar producto (admin); las órdenes conservan nombre, precio e imagen',
    },
  });
};
