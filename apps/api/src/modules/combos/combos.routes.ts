import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogSearchSchema, comboCreateFormSchema, comboEditFormSchema, comboSchema } from '@tienda/shared/catalog';
import { allFields, allFiles, firstField, firstFile, readMultipartForm } from '../../lib/multipart.js';
import { requireAdmin } from '../../plugins/auth.js';
import { idParams, imageParams } from '../../lib/path-ids.js';
import { revalidated } from '../../lib/http-cache.js';
import { parseInput } from '../catalog/input.js';
import * as service from './combos.service.js';
import { readStockLoaded } from '../catalog/stock-edit.js';

const COMBO_FORM_DOC =
  'multipart/form-data: Name, Description, Price (lempiras), Stock, ProductIds (repetido), Image (obligatoria al crear, ' +
  'opcional al editar), files (imágenes secundarias opcionales, repetido). Los nombres no distinguen mayúsculas.';

/** Reads the combo form (spec §7: Name, Description, Price, Stock, ProductIds repeated, Image). */
async function readComboForm(request: FastifyRequest, mode: 'create' | 'edit') {
  const form = await readMultipartForm(request);
  const raw = {
    name: firstField(form, 'Name'),
    description: firstField(form, 'Description'),
    price: firstField(form, 'Price'),
    stock: firstField(form, 'Stock'),
    productIds: [...allFields(form, 'ProductIds'), ...allFields(form, 'ProductIds[]')],
    image: firstFile(form, 'Image'),
  };
  const { image, ...fields } = parseInput(mode === 'create' ? comboCreateFormSchema : comboEditFormSchema, raw);
  return {
    fields,
    image: (image as Buffer | undefined) ?? null,
    secondary: allFiles(form, 'files'),
    stockLoaded: mode === 'edit' ? readStockLoaded(form) : undefined,
  };
}

// spec §7 Catalogue: combos. Reads are public (the spec's client sends a bearer to the list; it is not
// needed); writes are for administrators, checked in onRequest before an upload is read.
export const comboRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['combos'];
  const admin = { onRequest: [requireAdmin] };
  const security = [{ bearer: [] }];

  app.get(
    '/api/Combo',
    {
      ...revalidated,
      schema: { tags, summary: 'Lista de combos, los más nuevos primero', response: { 200: z.array(comboSchema) } },
    },
    () => service.listCombos(app.ctx),
  );

  app.get(
    '/api/Combo/:id',
    {
      ...revalidated,
      schema: { tags, summary: 'Un combo con sus productos', params: idParams, response: { 200: comboSchema } },
    },
    (request) => service.getCombo(app.ctx, request.params.id),
  );

  app.post(
    '/api/Combo/search',
    {
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags,
        summary: 'Búsqueda de combos: término, categorías de sus productos (cualquiera), orden y solo en stock',
        // Paging is the product search's extension (docs/decisions/0026-…); combos answer the spec's whole list.
        body: catalogSearchSchema.omit({ page: true, pageSize: true }),
        response: { 200: z.array(comboSchema) },
      },
    },
    (request) => service.searchCombos(app.ctx, request.body),
  );

  app.post(
    '/api/Combo/Create',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Crear combo (admin)',
        description: COMBO_FORM_DOC,
        consumes: ['multipart/form-data'],
        security,
        response: { 201: comboSchema },
      },
    },
    async (request, reply) => {
      const { fields, image, secondary } = await readComboForm(request, 'create');
      return reply.status(201).send(await service.createCombo(app.ctx, fields, image, secondary));
    },
  );

  app.patch(
    '/api/Combo/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Editar combo (admin); sin Image se conserva la imagen',
        description: COMBO_FORM_DOC,
        consumes: ['multipart/form-data'],
        security,
        params: idParams,
        response: { 200: comboSchema },
      },
    },
    async (request) => {
      const { fields, image, secondary, stockLoaded } = await readComboForm(request, 'edit');
      return service.updateCombo(app.ctx, request.params.id, fields, image, secondary, stockLoaded);
    },
  );

  app.post(
    '/api/Combo/:id/images',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Agregar imágenes secundarias al combo (admin)',
        description: 'multipart/form-data: files (repetido), hasta 12 por envío y 20 por combo, 10 MB cada una.',
        consumes: ['multipart/form-data'],
        security,
        params: idParams,
        response: { 200: comboSchema },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request);
      return service.addComboImages(app.ctx, request.params.id, allFiles(form, 'files'));
    },
  );

  app.delete(
    '/api/Combo/:id/images/:imageId',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Quitar una imagen secundaria del combo (admin)',
        description: 'imageId es el de secondaryImages[].imageId en el combo. Responde 204.',
        security,
        params: imageParams,
      },
    },
    async (request, reply) => {
      await service.removeComboImage(app.ctx, request.params.id, request.params.imageId);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/Combo/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Eliminar combo (admin); las órdenes conservan nombre, precio e imagen',
        security,
        params: idParams,
      },
    },
    async (request, reply) => {
      await service.deleteCombo(app.ctx, request.params.id);
      return reply.status(204).send();
    },
  );
};
