import { QueryClient, MutationObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mutateUntilSettled } from './mutate-until-settled';

/** A real mutation of TanStack Query, as useMutation drives it, that fails when told to. */
function mutation(fails: boolean) {
  const observer = new MutationObserver(new QueryClient(), {
    mutationFn: async (name: string) => {
      if (fails) throw new Error('El servidor no respondió');
      return { name };
    },
  });
  // As useMutation: a component listens (the per-call callbacks run only then), and `mutate` swallows the rejection.
  observer.subscribe(() => {});
  return {
    mutate: (...args: Parameters<typeof observer.mutate>) => void observer.mutate(...args).catch(() => {}),
  };
}

describe('mutateUntilSettled', () => {
  it('answers true once the save succeeded, after its own onSuccess', async () => {
    const seen: string[] = [];
    const saved = await mutateUntilSettled(mutation(false), 'Kit de calma' as string, {
      onSuccess: (data) => void seen.push(`guardado ${data.name}`),
    });
    expect(saved).toBe(true);
    expect(seen).toEqual(['guardado Kit de calma']);
  });

  it('answers false once the save failed, after its own onError', async () => {
    const seen: string[] = [];
    const saved = await mutateUntilSettled(mutation(true), 'Kit de calma' as string, {
      onError: (error) => void seen.push(error.message),
    });
    expect(saved).toBe(false);
    expect(seen).toEqual(['El servidor no respondió']);
  });
});
