import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { DETAIL_IMAGE_SIZES } from '@tienda/shared/images';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { ProductImage } from '../../../components/ui/product-image';
import { cn } from '../../../lib/class-names';

export interface ImageGalleryProps {
  /** Main image first, then the extras (full-size URLs as the API returns them). */
  images: string[];
  /** The item's name, for the alt texts. */
  name: string;
}

/** Next index going round: after the last comes the first, before the first the last (spec §2: "cycling"). */
export function cycleIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

const ARROW = cn(
  'absolute top-1/2 z-10 inline-flex h-11 w-11 -translate-y-1/2',
  'items-center justify-center rounded-full bg-white/90',
  'text-ink shadow-md transition hover:bg-white',
);

/**
 * spec §2 product/combo gallery: a main picture with previous/next arrows and thumbnails that cycle.
 * Keyboard: the arrows and thumbnails are buttons; ← and → also work while focus is in the gallery.
 * Touch: swipe sideways on the main picture.
 */
export function ImageGallery({ images, name }: ImageGalleryProps) {
  const [index, setIndex] = useState(0);
  const touchStart = useRef<number | null>(null);
  const count = images.length;
  const current = Math.min(index, Math.max(0, count - 1));
  const go = (step: number) => setIndex((value) => cycleIndex(value, step, count));

  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  };
  const onTouchStart = (event: TouchEvent) => {
    touchStart.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined || count < 2) return;
    if (Math.abs(end - start) > 40) go(end < start ? 1 : -1);
  };

  return (
    <section aria-label={`Imágenes de ${name}`} onKeyDown={onKeyDown} className="flex flex-col gap-3">
      <div className="card relative overflow-hidden" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <ProductImage
          key={images[current] ?? 'none'}
          src={images[current]}
          alt={count > 1 ? `${name}, imagen ${current + 1} de ${count}` : name}
          variant="full"
          sizes={DETAIL_IMAGE_SIZES}
          priority
        />
        {count > 1 && (
          <>
            <button type="button" className={`${ARROW} left-3`} aria-label="Imagen anterior" onClick={() => go(-1)}>
              <ChevronLeftIcon />
            </button>
            <button type="button" className={`${ARROW} right-3`} aria-label="Imagen siguiente" onClick={() => go(1)}>
              <ChevronRightIcon />
            </button>
            <span
              aria-hidden="true"
              className="absolute right-3 bottom-3 rounded-full bg-ink/70 px-2.5 py-0.5 text-sm font-bold text-white"
            >
              {current + 1} / {count}
            </span>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="flex gap-2 overflow-x-auto p-1" aria-label="Miniaturas">
          {images.map((image, i) => (
            <li key={`${image}-${i}`} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Ver imagen ${i + 1} de ${count}`}
                aria-current={i === current ? 'true' : undefined}
                className={`block h-16 w-16 overflow-hidden rounded-xl border-2 bg-white transition sm:h-20 sm:w-20 ${
                  i === current
                    ? 'border-brand ring-2 ring-brand/30'
                    : 'border-transparent opacity-75 hover:opacity-100'
                }`}
              >
                <ProductImage src={image} alt="" sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="sr-only" aria-live="polite">
        {count > 1 ? `Imagen ${current + 1} de ${count}` : ''}
      </p>
    </section>
  );
}
