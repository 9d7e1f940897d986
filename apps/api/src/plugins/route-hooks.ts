import type { preValidationHookHandler, RouteOptions } from 'fastify';

/**
 * Adds a hook to one route as it is registered (from an `onRoute` hook), ahead of the route's own, where a hook added
 * with `app.addHook` would run. That one runs on every request, GETs included; this one only where it applies.
 */
export function addRouteHook(route: RouteOptions, name: 'preValidation', hook: preValidationHookHandler): void {
  const own = route[name];
  route[name] = own === undefined ? [hook] : Array.isArray(own) ? [hook, ...own] : [hook, own];
}
