import { useState } from 'react';
import type { BackupFile, BackupList } from '@tienda/shared/backups';
import { ApiError, assetUrl, errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { ErrorNotice, RetryButton } from '../../admin-shared/components/state-views';
import { fetchBackupLink, useBackUpNow, useBackups } from '../api/backups';

// The owner keeps a copy of the shop from her phone (docs/decisions/0036-backups-from-the-admin.md): the shop makes
// one every night; she can make one now and download any of them, to keep it off the server.

/** "3,4 MB", "820 kB" */
function fileSize(bytes: number): string {
  const number = (value: number) => value.toLocaleString('es-HN', { maximumFractionDigits: 1 });
  return bytes >= 1_000_000 ? `${number(bytes / 1_000_000)} MB` : `${number(Math.max(1, bytes / 1000))} kB`;
}

function schedule({ nightlyHour, keptDays }: BackupList): string {
  const keeps =
    keptDays === 1 ? 'Se guardan las copias del último día.' : `Se guardan las copias de los últimos ${keptDays} días.`;
  if (nightlyHour === null) return `La tienda no hace copias nocturnas. ${keeps}`;
  const hour = new Date(Date.UTC(2026, 0, 1, nightlyHour)).toLocaleTimeString('es-HN', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  // "3:00 a. m." already ends its sentence.
  return `La tienda hace una copia cada noche, a las ${hour}${hour.endsWith('.') ? '' : '.'} ${keeps}`;
}

function BackupRow({ file, onGone }: { file: BackupFile; onGone: () => void }) {
  const [state, setState] = useState<{ busy?: boolean; error?: string }>({});
  const download = async () => {
    setState({ busy: true });
    try {
      const { url } = await fetchBackupLink(file.name);
      // The browser saves the file itself: a phone never holds the whole archive in the page's memory.
      window.location.assign(assetUrl(url)!);
      setState({});
    } catch (failure) {
      setState({ error: errorMessage(failure, 'No se pudo descargar la copia. Revisa tu conexión.') });
      // Deleted on the server (rotated, or by hand): the list is read again.
      if (failure instanceof ApiError && failure.status === 404) onGone();
    }
  };
  return (
    <li className="py-2">
      <div className="flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1">
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{formatDateTime(file.createdAt, 'seconds')}</span>
          <span className="block text-sm text-ink-soft">{fileSize(file.bytes)}</span>
        </span>
        <button
          type="button"
          className="btn-secondary h-11 px-4"
          disabled={state.busy}
          aria-label={`Descargar la copia del ${formatDateTime(file.createdAt, 'seconds')}`}
          onClick={() => void download()}
        >
          {state.busy ? 'Preparando…' : 'Descargar'}
        </button>
      </div>
      {state.error && (
        <p role="alert" className="mt-1 text-sm font-semibold text-danger">
          {state.error}
        </p>
      )}
    </li>
  );
}

export function BackupsCard() {
  const backups = useBackups();
  const backUp = useBackUpNow();
  return (
    <section aria-labelledby="backups" className="card mt-10 p-5">
      <h2 id="backups" className="font-display text-xl font-bold text-ink">
        Copias de seguridad
      </h2>
      <p className="mt-2 text-ink-soft">
        Cada copia guarda los pedidos, los productos, los clientes y las imágenes. Descárgala y guárdala fuera del
        servidor: en tu teléfono, en tu correo o en una memoria USB.
      </p>
      {backups.data && <p className="mt-1 text-sm text-ink-soft">{schedule(backups.data)}</p>}
      <button
        type="button"
        className="btn-primary mt-4 h-11 px-5"
        disabled={backUp.isPending}
        onClick={() => backUp.mutate()}
      >
        {backUp.isPending ? 'Haciendo la copia…' : 'Hacer una copia ahora'}
      </button>
      {backUp.isError && (
        <p role="alert" className="mt-2 font-semibold text-danger">
          {errorMessage(backUp.error, 'No se pudo hacer la copia. Revisa tu conexión.')}
        </p>
      )}
      {backUp.isSuccess && (
        <p role="status" className="mt-2 font-semibold text-ink">
          Copia lista: {fileSize(backUp.data.bytes)}.
        </p>
      )}
      <div className="mt-4">
        {backups.isPending ? (
          <p role="status" className="text-ink-soft">
            Cargando copias…
          </p>
        ) : backups.isError ? (
          <ErrorNotice action={<RetryButton busy={backups.isFetching} onClick={() => void backups.refetch()} />}>
            No se pudieron cargar las copias de seguridad.
          </ErrorNotice>
        ) : backups.data.backups.length === 0 ? (
          <p className="text-ink-soft">Todavía no hay copias.</p>
        ) : (
          <ul className="divide-y divide-sand">
            {backups.data.backups.map((file) => (
              <BackupRow key={file.name} file={file} onGone={() => void backups.refetch()} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
