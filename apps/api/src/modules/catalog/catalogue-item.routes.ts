import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogSearchSchema, type CatalogSearch } from '@tienda/shared/catalog';
import { allFields, allFiles, firstField, firstFile, readMultipartForm } from '../../lib/multipart.js';
import { requireAdmin } from '../../plugins/auth.js';
import { idParams, imageParams } from '../../lib/path-ids.js';
import { CachedAnswer, revalidated, sendCachedAnswer, sentReady } from '../../lib/http-cache.js';
import * as item from './catalogue-item.js';
import type { CatalogueItemKind, ItemFields } from './catalogue-item.js';
import { parseInput } from './input.js';
import { readStockEdit } from './stock-edit.js';

// The routes of products and combos (spec §7), registered once for both
// (docs/decisions/0024-one-catalogue-item-lifecycle.md). Each kind's routes file hands over a CatalogueItemRoutes:
// its lifecycle, paths, form field names and Spanish summaries; it adds what only it has (the best sellers).

type FormMode = 'create' | 'edit';

export interface CatalogueItemRoutes {
  /** The kind's lifecycle (its constant in products.service.ts or combos.service.ts). */
  kind: CatalogueItemKind<ItemFields, unknown, unknown>;
  tags: string[];
  /** The item as answered (spec §3 Product or Combo). */
  itemSchema: z.ZodType;
  /** e.g. '/api/Product'; '/:id', '/:id/images' and '/:id/images/:imageId' hang below it. */
  basePath: string;
  createPath: string;
  updateMethod: 'PUT' | 'PATCH';
  form: {
    /** The shared schema of the admin form (packages/shared/src/catalog.ts). */
    schema: (mode: FormMode) => z.ZodType<{ image?: unknown }>;
    /** Parsed field → multipart field name, for single values (names are matched without regard to case). */
    single: Record<string, string>;
    /** Parsed field → multipart field name, for repeated values (also accepted as `name[]`). */
    repeated: Record<string, string>;
    /** The multipart field of the main image. */
    image: string;
    /** The OpenAPI description of the form. */
    description: string;
  };
  /**
   * The kind's one item ready to send, when it has a cheaper way than a query (products: the search index); otherwise
   * the item is read and serialised on each request.
   */
  getAnswer?: (id: number) => Promise<CachedAnswer>;
  /** The kind's whole list ready to send, when it keeps it (products: the spec's 28 MB at 50,000); else read each time. */
  listAnswer?: () => Promise<CachedAnswer>;
  /**
   * The kind's own search, when it has one: products answer from the search index and can page
   * (docs/decisions/0026-catalogue-search-index.md). Without it, the spec's whole list from searchItems.
   */
  search?: {
    body: z.ZodType;
    response: z.ZodType;
    description: string;
    /** The answer, or one ready to send (a page of products: docs/decisions/0029-a-lean-request-path.md). */
    run(search: CatalogSearch): Promise<unknown>;
  };
  summaries: {
    list: string;
    get: string;
    search: string;
    create: string;
    update: string;
    addImages: string;
    addImagesDescription: string;
    removeImage: string;
    removeImageDescription: string;
    delete: string;
  };
}

/** Reads an admin create or edit form: the fields through the shared schema, the uploads, and the stock edit. */
async function readItemForm(request: FastifyRequest, mode: FormMode, spec: CatalogueItemRoutes['form']) {
  const form = await readMultipartForm(request);
  const raw: Record<string, unknown> = { image: firstFile(form, spec.image) };
  for (const [key, name] of Object.entries(spec.single)) raw[key] = firstField(form, name);
  for (const [key, name] of Object.entries(spec.repeated)) {
    raw[key] = [...allFields(form, name), ...allFields(form, `${name}[]`)];
  }
  const { image, ...fields } = parseInput(spec.schema(mode), raw);
  return {
    fields,
    image: (image as Buffer | undefined) ?? null,
    secondary: allFiles(form, 'files'),
    stockEdit: mode === 'edit' ? readStockEdit(form) : undefined,
  };
}

/**
 * Registers the list, one item and search (public, revalidated with ETags), then create, update, add images,
 * remove an image and delete: for administrators, checked in onRequest before a possibly large upload is read.
 */
export function registerCatalogueItemRoutes(app: FastifyInstance, routes: CatalogueItemRoutes): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { kind, tags, itemSchema, basePath, form, summaries } = routes;
  // Paging is the product search's extension (docs/decisions/0026-…): the default search answers the spec's list.
  const search = routes.search ?? {
    body: catalogSearchSchema.omit({ page: true, pageSize: true }),
    response: z.array(itemSchema),
    description: '',
    run: (body: CatalogSearch) => item.searchItems(kind, app.ctx, body),
  };
  const admin = { onRequest: [requireAdmin] };
  const security = [{ bearer: [] }];
  const multipart = { consumes: ['multipart/form-data'], security };

  const listSpec = { tags, summary: summaries.list, response: { 200: z.array(itemSchema) } };
  const { listAnswer } = routes;
  if (listAnswer) {
    typed.get(basePath, { ...sentReady, schema: listSpec }, async (request, reply) =>
      sendCachedAnswer(request, reply, await listAnswer()),
    );
  } else {
    typed.get(basePath, { ...revalidated, schema: listSpec }, () => item.listItems(kind, app.ctx));
  }

  const { getAnswer } = routes;
  const itemSpec = { tags, summary: summaries.get, params: idParams, response: { 200: itemSchema } };
  if (getAnswer) {
    typed.get(`${basePath}/:id`, { ...sentReady, schema: itemSpec }, async (request, reply) =>
      sendCachedAnswer(request, reply, await getAnswer(request.params.id)),
    );
  } else {
    typed.get(`${basePath}/:id`, { ...revalidated, schema: itemSpec }, (request) =>
      item.getItem(kind, app.ctx, request.params.id),
    );
  }

  typed.post(
    `${basePath}/search`,
    {
      // An empty body is an empty search (everything, newest first). A callback hook: an async one costs a promise
      // on every search.
      preValidation: (request, _reply, done) => {
        request.body ??= {};
        done();
      },
      schema: {
        tags,
        summary: summaries.search,
        ...(search.description ? { description: search.description } : {}),
        body: search.body,
        response: { 200: search.response },
      },
    },
    async (request, reply) => {
      const answer = await search.run(request.body as CatalogSearch);
      return answer instanceof CachedAnswer ? sendCachedAnswer(request, reply, answer) : answer;
    },
  );

  typed.post(
    routes.createPath,
    {
      ...admin,
      schema: {
        tags,
        summary: summaries.create,
        description: form.description,
        ...multipart,
        response: { 201: itemSchema },
      },
    },
    async (request, reply) => {
      const { fields, image, secondary } = await readItemForm(request, 'create', form);
      return reply.status(201).send(await item.createItem(kind, app.ctx, fields, { main: image, secondary }));
    },
  );

  typed.route({
    method: routes.updateMethod,
    url: `${basePath}/:id`,
    ...admin,
    schema: {
      tags,
      summary: summaries.update,
      description: form.description,
      ...multipart,
      params: idParams,
      response: { 200: itemSchema },
    },
    handler: async (request) => {
      const { fields, image, secondary, stockEdit } = await readItemForm(request, 'edit', form);
      return item.updateItem(kind, app.ctx, request.params.id, fields, { main: image, secondary }, stockEdit);
    },
  });

  typed.post(
    `${basePath}/:id/images`,
    {
      ...admin,
      schema: {
        tags,
        summary: summaries.addImages,
        description: summaries.addImagesDescription,
        ...multipart,
        params: idParams,
        response: { 200: itemSchema },
      },
    },
    async (request) => {
      const upload = await readMultipartForm(request);
      return item.addItemImages(kind, app.ctx, request.params.id, allFiles(upload, 'files'));
    },
  );

  typed.delete(
    `${basePath}/:id/images/:imageId`,
    {
      ...admin,
      schema: {
        tags,
        summary: summaries.removeImage,
        description: summaries.removeImageDescription,
        security,
        params: imageParams,
      },
    },
    async (request, reply) => {
      await item.removeItemImage(kind, app.ctx, request.params.id, request.params.imageId);
      return reply.status(204).send();
    },
  );

  typed.delete(
    `${basePath}/:id`,
    { ...admin, schema: { tags, summary: summaries.delete, security, params: idParams } },
    async (request, reply) => {
      await item.deleteItem(kind, app.ctx, request.params.id);
      return reply.status(204).send();
    },
  );
}
