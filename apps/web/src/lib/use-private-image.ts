import { useQuery } from '@tanstack/react-query';
import { apiBlob } from './api-client';

function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader'));
    reader.readAsDataURL(blob);
  });
}

/**
 * An image only its owner may see (a transfer receipt), for <img>. A data URL rather than an object URL: it is
 * freed with the query cache, with nothing to revoke. `version` changes when the image is replaced.
 */
export function usePrivateImage(path: string, version: string | null) {
  const image = useQuery({
    queryKey: ['private-image', path, version] as const,
    queryFn: async () => toDataUrl(await apiBlob(path)),
    enabled: version !== null,
    staleTime: Infinity,
    retry: false,
  });
  return { url: image.data ?? null, isError: image.isError };
}
