import { useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { contactFormSchema, CONTACT_LIMITS } from '@tienda/shared/contact';
import { ERRORS, VALIDATION } from '@tienda/shared/messages';
import { EmailField, FormAlert, TextAreaField, TextField, splitFormErrors } from '../../../components/ui/form-field';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSendContactMessage } from '../api/send-contact-message';
import {
  SHOP_ADDRESS_LINES,
  SHOP_CONTACT_EMAIL,
  SHOP_MAP_POSITION,
  SHOP_PHONE_DISPLAY,
  SHOP_PHONE_HREF,
} from '../../../lib/shop-info';
import { mapEmbedUrl, mapLinkUrl } from '../lib/map-urls';
import { useDocumentTitle } from '../../../lib/use-document-title';

type Fields = 'nombre' | 'email' | 'asunto' | 'mensaje';
const EMPTY = { nombre: '', email: '', asunto: '', mensaje: '' };

/** True once the page has finished loading: the map is added only then, so it can never hold the page up. */
function usePageLoaded(): boolean {
  // false on the server and while hydrating, so both render the same placeholder (docs/decisions/0027-…).
  return useSyncExternalStore(subscribeToLoad, pageLoaded, () => false);
}
const pageLoaded = () => document.readyState === 'complete';
function subscribeToLoad(notify: () => void) {
  window.addEventListener('load', notify, { once: true });
  return () => window.removeEventListener('load', notify);
}

function InfoRow({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-light text-brand-dark">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-none stroke-current stroke-2">
          {icon}
        </svg>
      </span>
      <div className="min-w-0">
        <h3 className="font-bold text-ink">{title}</h3>
        <div className="text-ink-soft">{children}</div>
      </div>
    </div>
  );
}

function ShopMap() {
  const loaded = usePageLoaded();
  const online = typeof navigator === 'undefined' || navigator.onLine;
  return (
    <figure className="card overflow-hidden">
      <div className="relative aspect-[4/3] bg-sand sm:aspect-[16/10]">
        {/* Shown until (or instead of) the map: offline, the page still says where we are. */}
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-6 text-center text-ink-soft">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 fill-none stroke-coral stroke-2">
            <path d="M12 21s-7-6.1-7-11.5a7 7 0 0 1 14 0C19 14.9 12 21 12 21Z" strokeLinejoin="round" />
            <circle cx="12" cy="9.5" r="2.5" />
          </svg>
          <p className="font-semibold">Mapa de San Pedro Sula</p>
        </div>
        {loaded && online && (
          <iframe
            title="Mapa: ubicación de la tienda en San Pedro Sula"
            src={mapEmbedUrl(SHOP_MAP_POSITION)}
            loading="lazy"
            referrerPolicy="no-referrer"
            className="absolute inset-0 size-full border-0"
          />
        )}
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm text-ink-soft">
        <span>{SHOP_ADDRESS_LINES.join(', ')}</span>
        <a
          href={mapLinkUrl(SHOP_MAP_POSITION)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center font-bold text-brand underline underline-offset-4"
        >
          Abrir el mapa en una pestaña nueva
        </a>
      </figcaption>
    </figure>
  );
}

function ContactForm() {
  const alertId = useId();
  const send = useSendContactMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(contactFormSchema), defaultValues: EMPTY });
  const issues = splitFormErrors<Fields>(errors, VALIDATION.contactIncomplete);
  const hydrated = useHydrated();

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setSent(false);
    try {
      await send.mutateAsync(values);
    } catch (error) {
      // A 429 says how long to wait, which helps more than the generic text.
      if (error instanceof NetworkError) setFailure(ERRORS.contactNetwork);
      else
        setFailure(
          error instanceof ApiError && error.status === 429 && error.message ? error.message : ERRORS.contactFailed,
        );
      return;
    }
    toast.success(ERRORS.contactSent);
    setSent(true);
    reset(EMPTY);
  });

  return (
    // Sent by the scripts only: before they run (docs/decisions/0030-…) the button stays disabled, so Enter in a
    // field cannot make the browser submit the form itself, and `post` keeps a message out of the address anyway.
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="card grid gap-4 p-6 sm:grid-cols-2 sm:p-8"
      aria-labelledby="contacto-form-titulo"
    >
      <div className="sm:col-span-2">
        <h2 id="contacto-form-titulo" className="font-display text-2xl font-semibold text-ink">
          Escríbenos
        </h2>
        <p className="mt-1 text-ink-soft">Respondemos a tu correo lo antes posible.</p>
      </div>
      <TextField
        label="Nombre"
        autoComplete="name"
        maxLength={CONTACT_LIMITS.nombre}
        invalid={issues.isMissing('nombre')}
        errorRef={alertId}
        error={issues.own('nombre')}
        {...register('nombre')}
      />
      <EmailField
        maxLength={CONTACT_LIMITS.email}
        invalid={issues.isMissing('email')}
        errorRef={alertId}
        error={issues.own('email')}
        {...register('email')}
      />
      <TextField
        className="sm:col-span-2"
        label="Asunto"
        maxLength={CONTACT_LIMITS.asunto}
        invalid={issues.isMissing('asunto')}
        errorRef={alertId}
        error={issues.own('asunto')}
        {...register('asunto')}
      />
      <TextAreaField
        className="sm:col-span-2"
        label="Mensaje"
        rows={5}
        maxLength={CONTACT_LIMITS.mensaje}
        invalid={issues.isMissing('mensaje')}
        errorRef={alertId}
        error={issues.own('mensaje')}
        {...register('mensaje')}
      />
      <div className="grid gap-3 sm:col-span-2">
        <FormAlert id={alertId}>{issues.shared}</FormAlert>
        <FormAlert>{failure}</FormAlert>
        {sent && <FormAlert tone="success">{ERRORS.contactSent}. ¡Gracias por escribirnos!</FormAlert>}
        <button
          type="submit"
          className="btn-primary w-full sm:w-auto sm:justify-self-start"
          disabled={!hydrated || isSubmitting}
        >
          {isSubmitting ? 'Enviando...' : 'Enviar mensaje'}
        </button>
      </div>
    </form>
  );
}

// spec §2 /contacto: phone, e-mail, address in San Pedro Sula, embedded map, and the form (spec §5, §8).
export function Component() {
  useDocumentTitle('Contáctanos');
  return (
    <>
      <section className="bg-brand-light/60">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
          <h1 className="font-display text-4xl font-semibold text-ink sm:text-5xl">Contáctanos</h1>
          <p className="mt-3 max-w-2xl text-lg leading-relaxed text-ink-soft">
            ¿Tienes dudas sobre un juguete, tu pedido o no sabes qué elegir? Escríbenos o visítanos: nos encanta
            ayudarte a encontrar el juguete ideal.
          </p>
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] lg:items-start">
        <section aria-labelledby="contacto-datos" className="card grid gap-5 p-6 sm:p-8 lg:col-start-2 lg:row-start-1">
          <h2 id="contacto-datos" className="font-display text-2xl font-semibold text-ink">
            Nuestros datos
          </h2>
          <InfoRow
            title="Teléfono"
            icon={
              <path
                d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z"
                strokeLinejoin="round"
              />
            }
          >
            <a
              href={SHOP_PHONE_HREF}
              className="inline-flex min-h-11 items-center font-semibold text-brand-dark underline underline-offset-4"
            >
              {SHOP_PHONE_DISPLAY}
            </a>
          </InfoRow>
          <InfoRow
            title="Correo electrónico"
            icon={
              <>
                <rect x="3" y="5" width="18" height="14" rx="2" />
                <path d="m3 7 9 6 9-6" strokeLinejoin="round" />
              </>
            }
          >
            <a
              href={`mailto:${SHOP_CONTACT_EMAIL}`}
              className="inline-flex min-h-11 items-center font-semibold break-all text-brand-dark underline underline-offset-4"
            >
              {SHOP_CONTACT_EMAIL}
            </a>
          </InfoRow>
          <InfoRow
            title="Dirección"
            icon={
              <>
                <path d="M12 21s-7-6.1-7-11.5a7 7 0 0 1 14 0C19 14.9 12 21 12 21Z" strokeLinejoin="round" />
                <circle cx="12" cy="9.5" r="2.5" />
              </>
            }
          >
            <address className="not-italic">
              {SHOP_ADDRESS_LINES.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </InfoRow>
        </section>
        <div className="lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <ContactForm />
        </div>
        <div className="lg:col-start-2">
          <ShopMap />
        </div>
      </div>
    </>
  );
}
