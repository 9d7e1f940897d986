import { ERRORS } from '@tienda/shared/messages';
import { firstNameOf } from '@tienda/shared/names';
import { PURCHASE_HISTORY_ID } from '@tienda/shared/order-pages';
import { FormAlert } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { useUser } from '../../../lib/api/users';
import { RequireLogin } from '../../../components/require-login';
import { ChangePasswordForm } from '../components/change-password-form';
import { LogOutEverywhere } from '../components/log-out-everywhere';
import { PersonalDataForm } from '../components/personal-data-form';
import { PurchaseHistory } from '../components/purchase-history';
import { WaitedToys } from '../components/waited-toys';
import { cn } from '../../../lib/class-names';
import { useDocumentTitle } from '../../../lib/use-document-title';

function FormsSkeleton() {
  return (
    <div role="status" aria-label="Cargando tus datos" className="grid gap-4">
      <Skeleton className="h-7 w-1/2" />
      {[0, 1, 2].map((n) => (
        <div key={n} className="grid gap-2">
          <Skeleton className="h-4 w-1/4" />
          <Skeleton className="h-11 w-full rounded-xl" />
        </div>
      ))}
      <Skeleton className="h-11 w-40 rounded-full" />
    </div>
  );
}

function Profile({ userId }: { userId: number }) {
  const user = useUser(userId);
  const firstName = user.data && firstNameOf(user.data.name);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <header className="mb-8 flex items-center gap-4">
        <span
          aria-hidden="true"
          className={cn(
            'flex size-14 shrink-0 items-center justify-center',
            'rounded-full bg-coral-light font-display text-2xl',
            'font-semibold text-coral',
          )}
        >
          {firstName?.[0]?.toUpperCase() ?? '☺'}
        </span>
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">Mi perfil</h1>
          <p className="text-ink-soft">
            {firstName
              ? `¡Hola, ${firstName}! Aquí puedes revisar tus datos y tus compras.`
              : 'Tus datos y tus compras.'}
          </p>
        </div>
      </header>

      {/* On phones the history sits below both forms: a shortcut to each part. Wrapped, not scrolled sideways: at
          360 px the last one, 'Mis compras', the one families look for, was cut at the edge. */}
      <nav aria-label="Secciones del perfil" className="-mt-3 mb-6 lg:hidden">
        <ul className="flex flex-wrap gap-2 pb-1">
          {[
            ['#perfil-datos-card', 'Mis datos'],
            ['#perfil-contrasena-card', 'Contraseña'],
            [`#${PURCHASE_HISTORY_ID}`, 'Mis compras'],
          ].map(([href, label]) => (
            <li key={href} className="shrink-0">
              <a
                href={href}
                className={cn(
                  'inline-flex min-h-11 items-center rounded-full bg-white px-4',
                  'font-semibold text-brand-dark shadow-sm hover:bg-brand-light',
                )}
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] lg:items-start">
        <div className="grid gap-6">
          <div id="perfil-datos-card" className="card scroll-mt-4 p-6">
            {user.isPending ? (
              <FormsSkeleton />
            ) : user.isError ? (
              <div className="grid justify-items-start gap-3">
                <FormAlert>{ERRORS.profileLoadFailed}</FormAlert>
                <button type="button" className="btn-secondary" onClick={() => user.refetch()}>
                  Reintentar
                </button>
              </div>
            ) : (
              <PersonalDataForm key={user.data.userId} user={user.data} />
            )}
          </div>
          {user.data && (
            <div id="perfil-contrasena-card" className="card scroll-mt-4 p-6">
              <ChangePasswordForm email={user.data.email} />
            </div>
          )}
          {user.data && <WaitedToys />}
          {user.data && (
            <div className="card p-6">
              <LogOutEverywhere />
            </div>
          )}
        </div>
        <PurchaseHistory userId={userId} />
      </div>
    </div>
  );
}

// spec §2 /profile; spec §6 guards: no token → 'Debes iniciar sesión para ver tu perfil.', invalid token →
// 'Token inválido. Vuelve a iniciar sesión.', both to /login.
export function Component() {
  useDocumentTitle('Mi perfil');
  return (
    <RequireLogin missingMessage={ERRORS.loginToSeeProfile} invalidMessage={ERRORS.invalidToken}>
      {(userId) => <Profile userId={userId} />}
    </RequireLogin>
  );
}
