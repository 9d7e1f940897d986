import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SHOP_NAME } from '@tienda/shared/constants';
import { LOCAL_DELIVERY_CITY, LOCAL_DELIVERY_FEE_TEXT, NATIONAL_DELIVERY_FEE_TEXT } from '@tienda/shared/pricing';
import { cn } from '../../../lib/class-names';
import { useDocumentTitle } from '../../../lib/use-document-title';

interface Section {
  id: string;
  title: string;
  content: ReactNode;
}

const SECTIONS: Section[] = [
  {
    id: 'terminos',
    title: 'Términos y condiciones',
    content: (
      <>
        <p>
          Al navegar en este sitio, crear una cuenta o hacer un pedido en {SHOP_NAME}, aceptas estas condiciones. Las
          escribimos en palabras sencillas porque queremos que comprar con nosotros sea tan claro como jugar.
        </p>
        <ul>
          <li>
            Los precios se muestran en lempiras (L). El precio que vale es el que ves en el resumen al confirmar tu
            pedido.
          </li>
          <li>
            Todos los pedidos están sujetos a existencias. Si un juguete se agota, te lo indicaremos antes de que
            completes tu compra.
          </li>
          <li>
            Tu cuenta es personal: cuida tu contraseña y no la compartas. Puedes cambiarla cuando quieras desde tu
            perfil.
          </li>
          <li>
            Después de recibir tu pedido te contactaremos al teléfono que indiques para coordinar el pago y la entrega.
          </li>
          <li>Las fotografías son de referencia; los colores pueden variar ligeramente según la pantalla.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'privacidad',
    title: 'Política de privacidad',
    content: (
      <>
        <p>Cuidamos tus datos como cuidamos a los peques: con responsabilidad.</p>
        <ul>
          <li>
            Solo pedimos lo necesario: tu nombre, usuario, correo y, al comprar, tu teléfono y dirección de entrega.
          </li>
          <li>
            Usamos tus datos únicamente para gestionar tu cuenta, preparar y entregar tus pedidos y responder tus
            mensajes.
          </li>
          <li>
            No vendemos ni compartimos tu información con terceros, salvo con quien entrega tu pedido y solo lo
            necesario para hacerlo.
          </li>
          <li>Tu contraseña se guarda cifrada: nadie de nuestro equipo puede verla.</li>
          <li>
            Puedes actualizar tus datos en tu perfil o pedirnos que eliminemos tu cuenta escribiéndonos desde la página
            de <Link to="/contacto">contacto</Link>.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'pagos',
    title: 'Formas de pago',
    // spec §9: in store cash, transfer or card; nationwide a pay link, transfer or pay on delivery.
    content: (
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-2xl bg-sun-light p-5">
          <h3>En nuestra tienda</h3>
          <ul>
            <li>Efectivo</li>
            <li>Transferencia bancaria</li>
            <li>Tarjeta</li>
          </ul>
        </div>
        <div className="rounded-2xl bg-mint p-5">
          <h3>Envíos a todo el país</h3>
          <ul>
            <li>Enlace de pago</li>
            <li>Transferencia bancaria</li>
            <li>Pago contra entrega</li>
          </ul>
        </div>
      </div>
    ),
  },
  {
    id: 'envios',
    title: 'Envíos',
    content: (
      <>
        <p>Hacemos entregas únicamente dentro de Honduras.</p>
        <ul>
          <li>
            En {LOCAL_DELIVERY_CITY}: {LOCAL_DELIVERY_FEE_TEXT} por pedido.
          </li>
          <li>Resto del país: {NATIONAL_DELIVERY_FEE_TEXT} por pedido.</li>
          <li>El costo de envío se muestra en el resumen antes de confirmar tu pedido.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'devoluciones',
    title: 'Cambios, reembolsos y reclamos',
    // spec §9: no refunds; complaints before leaving the store or on the first day.
    content: (
      <>
        <p>
          <strong>No realizamos reembolsos.</strong> Por eso te pedimos revisar tu compra con calma:
        </p>
        <ul>
          <li>Si compras en la tienda, cualquier reclamo debe hacerse antes de salir de ella.</li>
          <li>
            Si recibes tu pedido a domicilio, puedes presentar tu reclamo durante el primer día después de recibirlo.
          </li>
          <li>
            Para reclamar, escríbenos desde la página de <Link to="/contacto">contacto</Link> con tu número de pedido y
            una foto del producto.
          </li>
        </ul>
      </>
    ),
  },
];

// spec §2 /politicas: terms and privacy policy; scrolls to top on entry. spec §9: payment, no refunds, delivery.
export function Component() {
  useDocumentTitle('Políticas de la tienda');
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, []);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <header className="max-w-3xl">
        <h1 className="font-display text-4xl font-semibold text-ink sm:text-5xl">Políticas de la tienda</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink-soft">
          Todo lo que necesitas saber para comprar con tranquilidad: cómo cuidamos tus datos, cómo puedes pagar y cómo
          hacemos las entregas.
        </p>
      </header>
      <div className="mt-10 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <nav aria-label="Secciones de las políticas" className="lg:sticky lg:top-32 lg:self-start">
          <ul className="flex gap-2 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible">
            {SECTIONS.map((section) => (
              <li key={section.id} className="shrink-0">
                <a
                  href={`#${section.id}`}
                  className={cn(
                    'inline-flex min-h-11 items-center rounded-full bg-white px-4',
                    'font-semibold text-brand-dark shadow-sm hover:bg-brand-light',
                    'lg:w-full lg:rounded-xl',
                  )}
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid gap-6">
          {SECTIONS.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-titulo`}
              className={cn(
                'card scroll-mt-6 p-6 leading-relaxed text-ink-soft sm:p-8',
                '[&_a]:font-bold [&_a]:text-brand [&_a]:underline',
                '[&_a]:underline-offset-4 [&_h3]:mb-2 [&_h3]:font-display',
                '[&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-ink',
                '[&_li]:mt-1.5 [&_p+ul]:mt-3 [&_strong]:text-ink',
                '[&_ul]:list-disc [&_ul]:pl-5',
              )}
            >
              <h2 id={`${section.id}-titulo`} className="mb-4 font-display text-2xl font-semibold text-ink">
                {section.title}
              </h2>
              {section.content}
            </section>
          ))}
          <p className="text-sm text-ink-soft">Última actualización: noviembre de 2026.</p>
        </div>
      </div>
    </div>
  );
}
