import { IMAGE_MAX_MB } from './constants.js';
import { MAX_IMAGE_MEGAPIXELS } from './images.js';

// Every Spanish text of the spec's sections 5 (validation) and 8 (errors), plus the API's replies its forms show.
// One home: the web app and the API import from here, so a message never drifts between them. The API's other
// replies, which no screen writes itself, are in apps/api/src/replies.ts (out of the web app's first load).

export const VALIDATION = {
  registrationIncomplete: 'Por favor, completa todos los campos.',
  passwordsDoNotMatch: 'Las contraseñas no coinciden',
  passwordsDoNotMatchDot: 'Las contraseñas no coinciden.',
  codeLength: 'El código debe tener 6 dígitos',
  loginIncomplete: 'Todos los campos son necesarios',
  recoveryEmailRequired: 'Por favor ingresa un correo válido.',
  resetIncomplete: 'Por favor completa todos los campos.',
  contactIncomplete: 'Por favor completa todos los campos.',
  checkoutIncomplete: 'Por favor completa toda la información de entrega',
  phoneFormat: 'Por favor ingrese un formato de telefono valido XXXXXXXX',
  cartEmpty: 'Tu carrito está vacío',
  comboCreateIncomplete: 'Por favor, completa todos los campos antes de guardar.',
  comboEditIncomplete: 'Todos los campos son obligatorios, incluido el stock.',
  comboNeedsProduct: 'Debes seleccionar al menos un producto',
  comboStockInvalid: 'El stock debe ser un número válido y no negativo.',
  createUserIncomplete: 'Todos los campos son obligatorios',
  profileNameEmpty: 'El nombre no puede estar vacío.',
  profileUsernameEmpty: 'El username no puede estar vacío.',
  profileEmailEmpty: 'El correo no puede estar vacío.',
  emailFormat: 'El formato de correo no es válido.',
  currentPasswordRequired: 'Escribe tu contraseña actual.',
  newPasswordRequired: 'Escribe la nueva contraseña.',
  passwordMin: 'La contraseña debe tener al menos 6 caracteres.',
  passwordMax: 'La contraseña no puede tener más de 128 caracteres.',
  productRequired: 'Completa campos obligatorios',
  productNameMax: 'El nombre no puede tener más de 100 caracteres',
  productDescriptionMax: 'La descripción no puede tener más de 1000 caracteres',
  productMainImageRequired: 'Debes agregar una imagen principal',
  priceNegative: 'El precio no puede ser negativo',
  stockNegative: 'El stock no puede ser negativo',
  discountNegative: 'El descuento no puede ser negativo',
  discountOver100: 'El descuento no puede ser mayor que 100',
  stockInteger: 'El stock debe ser un número entero',
  categoryIncomplete: 'Todos los campos son obligatorios.',
  imageOnly: 'El archivo debe ser una imagen',
  // spec §5's message, naming the formats the server stores (apps/api/src/lib/images.ts).
  imageFormats: 'El archivo debe ser una imagen: se aceptan JPEG, PNG, WebP, GIF o AVIF.',
  // MAX_IMAGE_MEGAPIXELS in images.ts: a picture is decoded whole before it is made smaller.
  imageTooManyPixels: `La imagen es demasiado grande: se aceptan hasta ${MAX_IMAGE_MEGAPIXELS} megapíxeles (por ejemplo, 8000 × 6000 píxeles).`,
  // IMAGE_MAX_BYTES in constants.ts: the API's multipart limit, also checked by the receipt form before sending.
  imageTooHeavy: `Cada imagen puede pesar como máximo ${IMAGE_MAX_MB} MB.`,
  loginRequiredToAdd: 'Debes iniciar sesión para agregar al carrito',
} as const;

export const ERRORS = {
  // §8 Accounts
  invalidCredentials: 'Credenciales inválidas',
  unexpected: 'Ha ocurrido un error inesperado',
  verificationEmailFailed: 'Error al enviar el correo de verificación',
  wrongCode: 'Código incorrecto. Por favor, verifica tu correo.',
  verifyCodeFailed: 'Ocurrió un error al verificar el código. Inténtalo nuevamente',
  resetVerifyCodeFailed: 'Error al verificar el código. Inténtalo nuevamente.',
  resetCodeVerified: 'Código verificado correctamente.',
  userExists: 'El usuario ya existe. Por favor, intenta con otro correo o nombre de usuario',
  registerFailed: 'Ocurrió un error al registrar el usuario. Inténtalo nuevamente',
  resetCodeFailed: 'Error al enviar código',
  passwordResetFailed: 'Error al cambiar la contraseña.',
  passwordChanged: 'Contraseña cambiada correctamente.',
  profileLoadFailed: 'Error al cargar datos de usuario.',
  historyLoadFailed: 'No se pudo cargar el historial de compras.',
  profileSaveFailed: 'Error al guardar cambios.',
  profilePasswordFailed: 'Error al cambiar contraseña.',
  profileSaved: 'Información actualizada correctamente.',
  noPurchases: 'No tienes compras registradas.',
  // §8 Shop and cart
  cartLoadFailed: 'No se pudo cargar el carrito',
  cartRemoveFailed: 'No se pudo eliminar el producto',
  cartRemoved: 'Producto eliminado del carrito',
  cartQuantityFailed: 'Error al actualizar cantidad',
  cartQuantityFailedAlt: 'No se pudo actualizar la cantidad',
  categoriesFailed: 'Error al obtener las categorías',
  productsFailed: 'Error al obtener los productos',
  searchProductsFailed: 'Error al buscar productos',
  searchCombosFailed: 'Error al buscar combos',
  addToCartFailed: 'Error al agregar al carrito',
  /** Beyond spec §8: an add whose answer was lost may have been made (docs/decisions/0015-…). */
  addToCartConnectionLost:
    'Se perdió la conexión: no sabemos si se agregó. Mira tu carrito o vuelve a tocar «Agregar al carrito»; no se sumará dos veces.',
  productLoadFailed: 'Error al cargar el producto',
  comboLoadFailed: 'Error al cargar el combo',
  featuredFailedLog: 'Error al cargar productos destacados:',
  contactSent: 'Mensaje enviado exitosamente',
  contactFailed: 'Error al enviar el mensaje.',
  contactNetwork: 'Error de red al enviar el mensaje.',
  orderFailed: 'No se pudo crear la orden',
  orderCreated: '¡Orden creada correctamente!',
  // §6 Roles
  adminOnlyTitle: 'Vista exclusiva para administradores',
  adminOnlyBody: 'Lo sentimos, no tienes acceso a esta sección.',
  loginToSeeCart: 'Debes iniciar sesión para ver tu carrito',
  loginToContinue: 'Debes iniciar sesión para continuar',
  invalidUser: 'Usuario inválido',
  loginToSeeProfile: 'Debes iniciar sesión para ver tu perfil.',
  invalidToken: 'Token inválido. Vuelve a iniciar sesión.',
  notFoundPage: '404 - Página no encontrada',
} as const;

// Profile texts beyond the spec (docs/decisions/0014-…): proving a new e-mail, closing every session.
export const PROFILE = {
  emailCodeSent: (email: string) => `Te enviamos un código a ${email}. Escríbelo para confirmar tu nuevo correo.`,
  logoutAllConfirm:
    'Se cerrará tu sesión en todos los dispositivos donde hayas entrado, también en este. Tendrás que volver a iniciar sesión.',
  logoutAllFailed: 'No se pudo cerrar sesión en todos los dispositivos. Inténtalo de nuevo.',
} as const;

// §8 texts with a placeholder.
export const addToCartRejected = (reason: string) => `No se añadió: ${reason}`;
export const addedToCart = (name: string) => `✔ ${name} agregado`;
/** After 'Deshacer' on a line removed from the cart. */
export const backInCart = (name: string) => `${name} volvió a tu carrito.`;
export const orderCreateFailed = (reason: string) => `Error al crear la orden: ${reason}`;

// The API's replies that the web app's forms also show (the shared schemas use them). The API's other replies,
// which no screen writes itself, are in apps/api/src/replies.ts: kept here, they would ship in every first load.
export const API = {
  invalidId: 'El identificador debe ser un número entero positivo.',
  emailInvalid: 'El correo electrónico no es válido.',
  codeSent: 'Código enviado. Revisa tu correo.',
  currentPasswordWrong: 'La contraseña actual no es correcta.',
  newPasswordSameAsCurrent: 'La nueva contraseña debe ser distinta de la actual.',
  userFieldsRequired: 'Nombre, usuario, correo y contraseña son obligatorios.',
  usernameInvalid:
    'El nombre de usuario solo puede tener letras, números, puntos, guiones y guiones bajos (3 a 50 caracteres).',
  nameTooLong: 'El nombre no puede tener más de 100 caracteres.',
  contactEmailInvalid: 'El correo electrónico no es válido.',
  invalidText: 'El texto contiene caracteres no válidos.',
} as const;

// A retry that must not happen twice: orders and cart adds (docs/decisions/0015-nothing-lost-nothing-hoarded.md).
export const IDEMPOTENCY = {
  keyInvalid: 'La cabecera Idempotency-Key debe tener entre 1 y 200 caracteres visibles, sin espacios.',
  cartAddKeyReused:
    'Esta clave Idempotency-Key ya se usó para agregar otro artículo u otra cantidad. Usa una clave nueva.',
  orderKeyReused: 'Esta clave Idempotency-Key ya se usó para otra orden distinta. Usa una clave nueva.',
} as const;

// Orders: retries, caps and expiry (docs/decisions/0015-nothing-lost-nothing-hoarded.md).
export const ORDER_SAFETY = {
  /** 429, with when the next order slot frees up (the answer's Retry-After, in whole minutes). */
  tooManyOrders: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return (
      'Has hecho demasiadas órdenes en poco tiempo. Podrás hacer otra en ' +
      `${minutes === 1 ? '1 minuto' : `${minutes} minutos`}.`
    );
  },
  /** 409 from the owner's change of an order closed unsold ('vencida', 'cancelada') whose toy sold out meanwhile. */
  statusChangeShortStock: (closed: 'vencida' | 'cancelada') => `No se puede reactivar la orden ${closed}: `,
} as const;

/** 413: a form sent more than `max` files at once. */
export const tooManyImagesMessage = (max: number) =>
  max === 1 ? 'Puedes subir una sola imagen a la vez.' : `Puedes subir como máximo ${max} imágenes a la vez.`;

/**
 * 409: the account already holds `cap` unpaid pending orders. One paid on delivery never expires, so the family is
 * also told it may cancel one it no longer wants (docs/decisions/0039-…).
 */
export const pendingOrdersCapMessage = (cap: number) =>
  `Ya tienes ${cap} ${cap === 1 ? 'orden pendiente' : 'órdenes pendientes'} de pago. ` +
  'Podrás hacer otra cuando alguna se pague o venza, o si cancelas en «Mis compras» una que ya no quieras.';

/** 409: this order would take the account's units of one item in pending orders beyond `cap`. */
export const pendingUnitsCapMessage = (name: string, cap: number, held: number) =>
  held > 0
    ? `Ya tienes ${held} ${held === 1 ? 'unidad' : 'unidades'} de «${name}» en órdenes pendientes de pago; ` +
      `el máximo por cliente es ${cap}.`
    : `El máximo por cliente es ${cap} ${cap === 1 ? 'unidad' : 'unidades'} de «${name}» en órdenes pendientes.`;
