import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { MAX_IMAGE_PIXELS } from '@tienda/shared/images';
import { VALIDATION } from '@tienda/shared/messages';
import { FileButton } from '../../../components/ui/file-button';
import { assetUrl } from '../../../lib/api-client';
import { RequiredMark } from './form-fields';
import { ImageIcon, XIcon } from './icons';
import { rowButtonDanger } from './styles';
import { cn } from '../../../lib/class-names';

// Object URLs for previews before upload. One per File, shared by every preview of it, revoked a moment after
// the last preview unmounts (the delay survives React's development double-mount).
const previews = new Map<File, { url: string; users: number }>();

function previewUrl(file: File): string | undefined {
  if (typeof URL.createObjectURL !== 'function') return undefined;
  let entry = previews.get(file);
  if (!entry) {
    entry = { url: URL.createObjectURL(file), users: 0 };
    previews.set(file, entry);
  }
  return entry.url;
}

function usePreviewUrl(file: File): string | undefined {
  const url = previewUrl(file);
  useEffect(() => {
    const entry = previews.get(file);
    if (!entry) return;
    entry.users += 1;
    return () => {
      entry.users -= 1;
      setTimeout(() => {
        if (entry.users <= 0 && previews.get(file) === entry) {
          URL.revokeObjectURL(entry.url);
          previews.delete(file);
        }
      }, 1000);
    };
  }, [file]);
  return url;
}

export interface FilePreviewProps {
  file: File;
  alt: string;
  className?: string;
  /**
   * The server would refuse the file, said now rather than after 'Guardar' (spec §5), with the server's message:
   * the browser could not draw it (a text file named .png, a truncated photo), or it has more pixels than the
   * server decodes (MAX_IMAGE_PIXELS).
   */
  onRefused?: (message: string) => void;
}

export function FilePreview({ file, alt, className, onRefused }: FilePreviewProps) {
  const url = usePreviewUrl(file);
  if (!url)
    return (
      <span className={`flex items-center justify-center bg-sand text-ink-soft ${className ?? ''}`}>{file.name}</span>
    );
  return (
    <img
      src={url}
      alt={alt}
      width={96}
      height={96}
      className={`object-cover ${className ?? ''}`}
      onError={() => onRefused?.(VALIDATION.imageFormats)}
      onLoad={(event) => {
        const { naturalWidth, naturalHeight } = event.currentTarget;
        if (naturalWidth * naturalHeight > MAX_IMAGE_PIXELS) onRefused?.(VALIDATION.imageTooManyPixels);
      }}
    />
  );
}

/** spec §5: the image must be an image file. The browser's `accept` only suggests; this decides. */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}

export interface ImagePickerProps {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** The image already saved (edit mode), shown until a new file replaces it. */
  currentUrl?: string | null;
  error?: string;
  /** Invalid without a message of its own (the form shows it elsewhere). */
  invalid?: boolean;
  hint?: string;
  required?: boolean;
}

/** One image file with its preview before upload (product main image, combo image). */
export function ImagePicker({ label, file, onChange, currentUrl, error, invalid, hint, required }: ImagePickerProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [typeError, setTypeError] = useState('');
  // The wrong-type notice and the form's own message can both apply (e.g. a .txt chosen, then saved).
  const messages = [typeError, error].filter((m): m is string => Boolean(m) && m !== undefined);
  const message = messages.join(' ');
  const describedBy = [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
        {required && <RequiredMark />}
      </label>
      {/* The button and its hint go under the picture when they do not fit beside it (200 % text on a phone). */}
      <div className="flex flex-wrap items-start gap-4">
        <div className="size-24 shrink-0 overflow-hidden rounded-xl border border-sand bg-cream">
          {file ? (
            <FilePreview
              file={file}
              alt={`Vista previa de ${label.toLowerCase()}`}
              className="size-24"
              onRefused={(message) => {
                setTypeError(message);
                onChange(null);
                if (inputRef.current) inputRef.current.value = '';
              }}
            />
          ) : currentUrl ? (
            <img src={currentUrl} alt={`${label} actual`} width={96} height={96} className="size-24 object-cover" />
          ) : (
            <span className="flex size-24 items-center justify-center text-ink-soft/70">
              <ImageIcon width={32} height={32} />
            </span>
          )}
        </div>
        <div className="min-w-[min(10rem,100%)] flex-1 space-y-2">
          <FileButton
            id={id}
            inputRef={inputRef}
            accept="image/*"
            aria-invalid={message || invalid ? true : undefined}
            aria-describedby={describedBy}
            invalid={Boolean(message) || invalid}
            fileName={file ? file.name : null}
            onChange={(event) => {
              const picked = event.target.files?.[0] ?? null;
              if (picked && !isImageFile(picked)) {
                setTypeError(VALIDATION.imageOnly);
                event.target.value = '';
                onChange(null);
                return;
              }
              setTypeError('');
              onChange(picked);
            }}
          >
            <ImageIcon width={18} height={18} /> {file || currentUrl ? 'Cambiar imagen' : 'Elegir imagen'}
          </FileButton>
          {hint && (
            <p id={`${id}-hint`} className="text-sm text-ink-soft">
              {hint}
            </p>
          )}
          {file && (
            <button
              type="button"
              className={rowButtonDanger}
              onClick={() => {
                onChange(null);
                if (inputRef.current) inputRef.current.value = '';
              }}
            >
              <XIcon width={16} height={16} /> Quitar selección
            </button>
          )}
        </div>
      </div>
      {messages.length > 0 && (
        <div id={`${id}-error`}>
          {messages.map((m) => (
            <p key={m} className="field-error">
              {m}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}

export interface MainImageFieldProps<V extends FieldValues, O> {
  /** What useAdminForm answers; the field is the form's `image`. */
  form: {
    control: Control<V, unknown, O>;
    errors: { field: (name: 'image') => { error?: string; invalid: boolean } };
  };
  label: string;
  /** spec §5: the image is required when creating; when editing, the saved one stays unless another is chosen. */
  mode: 'create' | 'edit';
  /** The item being edited: its saved image shows until a new file replaces it. */
  saved?: { thumbnailUrl: string | null; imageUrl: string | null } | null;
}

/** The main image of a product or combo form, as a form field (the value is the chosen File or null). */
export function MainImageField<V extends FieldValues, O>({ form, label, mode, saved }: MainImageFieldProps<V, O>) {
  // V has an image field (both forms' schemas say so); TypeScript cannot follow that into Path<V> by itself.
  const { field } = useController({ control: form.control, name: 'image' as Path<V> });
  const { error, invalid } = form.errors.field('image');
  return (
    <ImagePicker
      label={label}
      required={mode === 'create'}
      file={field.value as File | null}
      onChange={field.onChange}
      currentUrl={assetUrl(saved?.thumbnailUrl ?? saved?.imageUrl)}
      error={error}
      invalid={invalid}
      hint={
        mode === 'edit'
          ? 'Opcional: elige una imagen solo si quieres reemplazar la actual.'
          : 'JPG, PNG, WebP, GIF o AVIF, hasta 10 MB.'
      }
    />
  );
}

export interface MultiImagePickerProps {
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  hint?: string;
}

/** Several new image files, each previewed with a button to drop it before saving (secondary images). */
export function MultiImagePicker({ label, files, onChange, hint }: MultiImagePickerProps) {
  const id = useId();
  const [typeError, setTypeError] = useState('');
  // The list as last rendered, for the previews' load errors. Set as the render is committed (a layout effect): a
  // broken file's preview can fail before the render's ordinary effects have run, and an older list would then
  // drop the good photos chosen with it.
  const latest = useRef(files);
  useLayoutEffect(() => {
    latest.current = files;
  }, [files]);
  const describedBy = [hint ? `${id}-hint` : '', typeError ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <FileButton
        id={id}
        accept="image/*"
        multiple
        aria-describedby={describedBy}
        aria-invalid={typeError ? true : undefined}
        onChange={(event) => {
          const picked = Array.from(event.target.files ?? []);
          const images = picked.filter(isImageFile);
          setTypeError(images.length < picked.length ? VALIDATION.imageOnly : '');
          if (images.length) onChange([...files, ...images]);
          // Cleared so that choosing the same file again still fires a change.
          event.target.value = '';
        }}
      >
        <ImageIcon width={18} height={18} /> Elegir imágenes
      </FileButton>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-soft">
          {hint}
        </p>
      )}
      {typeError && (
        <p id={`${id}-error`} className="field-error">
          {typeError}
        </p>
      )}
      {files.length > 0 && (
        <ul aria-label="Imágenes nuevas por subir" className="mt-3 flex flex-wrap gap-3">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="relative">
              <FilePreview
                file={file}
                alt={`Imagen nueva ${index + 1}: ${file.name}`}
                className="size-20 rounded-xl border border-sand"
                onRefused={(message) => {
                  setTypeError(message);
                  // Several unreadable files fail in one burst, each before the list re-renders without the last.
                  latest.current = latest.current.filter((other) => other !== file);
                  onChange(latest.current);
                }}
              />
              <button
                type="button"
                aria-label={`Quitar imagen nueva ${index + 1}`}
                onClick={() => onChange(files.filter((_, other) => other !== index))}
                className={cn(
                  'absolute -right-2 -top-2 inline-flex size-8 items-center',
                  'justify-center rounded-full bg-danger text-white shadow',
                  "after:absolute after:-inset-1.5 after:content-['']",
                )}
              >
                <XIcon width={16} height={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
