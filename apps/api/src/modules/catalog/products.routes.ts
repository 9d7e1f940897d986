import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  catalogSearchSchema,
  featuredProductSchema,
  productFormSchema,
  productPageSchema,
  productSchema,
} from '@tienda/shared/catalog';
import { allFields, allFiles, firstField, firstFile, readMultipartForm } from '../../lib/multipart.js';
import { requireAdmin } from '../../plugins/auth.js';
import { idParams, imageParams } from '../../lib/path-ids.js';
import { revalidated } from '../../lib/http-cache.js';
import { parseInput } from './input.js';
import * as service from './products.service.js';
import { readStockLoaded } from './stock-edit.js';

const PRODUCT_FORM_DOC =
  'multipart/form-data: name, description, price (lempiras), stock, discount (%), categoryIds (repetido), ' +
  'image (imagen principal; obligatoria al crear, opcional al editar), files (imágenes secundarias opcionales, repetido).';

/** Reads the admin product form (spec §7: categoryIds repeated, name, description, price, stock, discount, image). */
async function readProductForm(request: FastifyRequest, mode: 'create' | 'edit') {
  const form = await readMultipartForm(request);
  const raw = {
    name: firstField(form, 'name'),
    description: firstField(form, 'description'),
    price: firstField(form, 'price'),
    stock: firstField(form, 'stock'),
    discount: firstField(form, 'discount'),
    categoryIds: [...allFields(form, 'categoryIds'), ...allFields(form, 'categoryIds[]')],
    image: firstFile(form, 'image'),
  };
  const { image, ...fields } = parseInput(productFormSchema(mode), raw);
  return {
    fields,
    image: (image as Buffer | undefined) ?? null,
    secondary: allFiles(form, 'files'),
    stockLoaded: mode === 'edit' ? readStockLoaded(form) : undefined,
  };
}

// spec §7 Catalogue: products. Reads are public; writes are for administrators (checked in onRequest,
// before a possibly large upload is read).
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['productos'];
  const admin = { onRequest: [requireAdmin] };
  const security = [{ bearer: [] }];

  app.get(
    '/api/Product',
    {
      ...revalidated,
      schema: {
        tags,
        summary: 'Lista de productos, los más nuevos primero',
        response: { 200: z.array(productSchema) },
      },
    },
    () => service.listProducts(app.ctx),
  );

  app.get(
    '/api/Product/featured',
    {
      ...revalidated,
      schema: {
        tags,
        summary: 'Best sellers: los más vendidos, completados con los más nuevos en stock (máximo 12)',
        response: { 200: z.array(featuredProductSchema) },
      },
    },
    () => service.featuredProducts(app.ctx),
  );

  app.get(
    '/api/Product/:id',
    { ...revalidated, schema: { tags, summary: 'Un producto', params: idParams, response: { 200: productSchema } } },
    (request) => service.getProduct(app.ctx, request.params.id),
  );

  app.post(
    '/api/Product/search',
    {
      // An empty body is an empty search (everything, newest first).
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags,
        summary:
          'Búsqueda: término (sin distinguir mayúsculas ni tildes, con plurales, prefijos y errores de tipeo), ' +
          'categorías (cualquiera), orden y solo en stock',
        description:
          'Sin page ni pageSize responde la lista completa (spec §7). Con page y/o pageSize (extensión) responde ' +
          '{ items, total, page, pageSize, categoryCounts }.',
        body: catalogSearchSchema,
        response: { 200: z.union([z.array(productSchema), productPageSchema]) },
      },
    },
    (request) => service.searchProducts(app.ctx, request.body),
  );

  app.post(
    '/api/Product',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Crear producto (admin)',
        description: PRODUCT_FORM_DOC,
        consumes: ['multipart/form-data'],
        security,
        response: { 201: productSchema },
      },
    },
    async (request, reply) => {
      const { fields, image, secondary } = await readProductForm(request, 'create');
      return reply.status(201).send(await service.createProduct(app.ctx, fields, image, secondary));
    },
  );

  app.put(
    '/api/Product/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Editar producto (admin); sin image se conservan la imagen principal y las secundarias',
        description: PRODUCT_FORM_DOC,
        consumes: ['multipart/form-data'],
        security,
        params: idParams,
        response: { 200: productSchema },
      },
    },
    async (request) => {
      const { fields, image, secondary, stockLoaded } = await readProductForm(request, 'edit');
      return service.updateProduct(app.ctx, request.params.id, fields, image, secondary, stockLoaded);
    },
  );

  app.post(
    '/api/Product/:id/images',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Agregar imágenes secundarias (admin)',
        description: 'multipart/form-data: files (repetido), hasta 12 por envío y 20 por producto, 10 MB cada una.',
        consumes: ['multipart/form-data'],
        security,
        params: idParams,
        response: { 200: productSchema },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request);
      return service.addProductImages(app.ctx, request.params.id, allFiles(form, 'files'));
    },
  );

  app.delete(
    '/api/Product/:id/images/:imageId',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Quitar una imagen secundaria (admin)',
        description: 'imageId es el de secondaryImages[].imageId en el producto. Responde 204.',
        security,
        params: imageParams,
      },
    },
    async (request, reply) => {
      await service.removeProductImage(app.ctx, request.params.id, request.params.imageId);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/Product/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Eliminar producto (admin); las órdenes conservan nombre, precio e imagen',
        security,
        params: idParams,
      },
    },
    async (request, reply) => {
      await service.deleteProduct(app.ctx, request.params.id);
      return reply.status(204).send();
    },
  );
};
