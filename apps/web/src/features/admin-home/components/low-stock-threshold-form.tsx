import { useState } from 'react';
import { adminSettingsSchema } from '@tienda/shared/orders';
import { TextField } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useSaveAdminSettings } from '../api/save-settings';

// The owner chooses when a toy counts as "poco stock"; the server keeps it (docs/decisions/0023-owner-dashboard.md).
export function LowStockThresholdForm({ threshold }: { threshold: number }) {
  const [value, setValue] = useState(String(threshold));
  const [error, setError] = useState<string>();
  const save = useSaveAdminSettings();
  return (
    <form
      className="mt-3 flex items-start gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = adminSettingsSchema.safeParse({ lowStockThreshold: value.trim() === '' ? NaN : Number(value) });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return;
        }
        setError(undefined);
        save.mutate(parsed.data, {
          onError: (failure) => setError(errorMessage(failure, 'No se pudo guardar el límite.')),
        });
      }}
    >
      <TextField
        label="Límite de poco stock"
        type="number"
        inputMode="numeric"
        min={0}
        max={1000}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error}
        className="w-48"
      />
      <button type="submit" className="btn-secondary mt-6 h-11 shrink-0 px-4" disabled={save.isPending}>
        {save.isPending ? 'Guardando…' : 'Guardar'}
      </button>
    </form>
  );
}
