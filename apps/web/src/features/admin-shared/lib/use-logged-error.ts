import { useEffect } from 'react';

/** spec §8: a failed load is logged with its text (the page also says so). */
export function useLoggedError(message: string, error: unknown) {
  useEffect(() => {
    if (error) console.error(message, error);
  }, [message, error]);
}
