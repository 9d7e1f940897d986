import type { FastifyPluginAsync } from 'fastify';
import { categoryRoutes } from './categories.routes.js';
import { productRoutes } from './products.routes.js';

// spec §7 Catalogue: categories and products (combos live in modules/combos).
export const catalogRoutes: FastifyPluginAsync = async (app) => {
  await app.register(categoryRoutes);
  await app.register(productRoutes);
};
