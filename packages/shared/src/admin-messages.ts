// spec §8's texts for the admin's screens, apart from messages.ts: only those screens (chunks loaded on demand)
// import this module, so the storefront's first load does not carry them (docs/decisions/0025-…).

export const ADMIN_ERRORS = {
  combosLoadFailed: 'Error al obtener combos',
  noCombos: 'Actualmente no existen combos.',
  comboDeleteFailed: 'Error al eliminar el combo',
  comboDeleteFailedToast: 'Hubo un error al eliminar el combo',
  comboDeleted: 'Combo eliminado exitosamente',
  comboCreateFailed: 'Ocurrió un error al guardar el combo.',
  comboCreated: 'Combo creado con éxito.',
  comboUpdateFailed: 'Error al actualizar el combo',
  comboUpdated: 'Combo actualizado correctamente',
  usersLoadFailed: 'Error al cargar los usuarios. Por favor, cierra sesión y vuelve a iniciarla.',
  userDeleteFailed: 'Error al eliminar el usuario',
  userEditFailed: 'Error al editar el usuario',
  userDeleted: 'Usuario eliminado exitosamente',
  userEdited: 'Usuario editado exitosamente',
  userCreateFailed: 'Hubo un problema al crear el usuario',
  ordersLoadFailed: 'Error al cargar las órdenes. Por favor, cierra sesión y vuelve a iniciarla.',
  orderDeliverFailed: 'Error orden no encontrada o ya esta entregada',
  orderPayFailed: 'Error: No se puede marcar el pedido como pagado',
  orderPendingFailed: 'Error: No se puede marcar el pedido como pendiente',
  orderDeleteFailed: 'Error no ha podido eliminar la orden',
  // Beyond the spec: the shop cancels an order and keeps its record (docs/decisions/0039-…).
  orderCancelFailed: 'Error: No se puede cancelar la orden',
  orderNetworkFailed: 'Error de red. Revisa tu conexión e inténtalo de nuevo.',
  noOrders: 'Actualmente no hay órdenes existentes.',
  // Beyond the spec: the orders spreadsheet comes from the server (docs/decisions/0035-…).
  ordersCsvFailed: 'No se pudo descargar el CSV de las órdenes. Inténtalo de nuevo.',
  orderDetailFailed: 'Error al cargar los detalles de la orden.',
  adminProductsLoadFailed: 'Error al cargar los productos.',
  noProducts: 'No hay productos disponibles.',
  adminCategoriesLoadFailed: 'Error al cargar categorías.',
  deleteFailed: 'Error al eliminar',
  network: 'Error de red',
  requestFailed: 'Error en petición',
  productUpdated: 'Producto actualizado',
  productCreated: 'Producto creado',
  categoryCreated: 'Categoría creada correctamente',
  categoryCreateFailed: 'Error al crear la categoría: ',
  categoryUpdated: 'Categoría actualizada correctamente',
  categoryUpdateFailed: 'Error al actualizar la categoría: ',
  categoryLoadFailed: 'Error al cargar la categoría: ',
} as const;

/**
 * After an item's save, when its stock is not what the owner typed: units were sold (or given back by a deleted
 * order) while the form was open, and the change she made was applied to what there was (docs/decisions/0021-…).
 */
export function stockMovedWhileEditing(saved: number, typed: number): string {
  return `El inventario quedó en ${saved}, no en ${typed}: mientras editabas se vendieron o devolvieron unidades.`;
}
