// Signing in again from inside the dashboard to grant a permission a screen needs (docs/product.md §6): the
// same flow as sign-in, asking again for declined permissions, then every query re-reads.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSignIn } from './use-sign-in';

export function useReconnect(scopes: readonly string[]) {
  const queryClient = useQueryClient();
  return useSignIn(
    useCallback(() => queryClient.invalidateQueries(), [queryClient]),
    { scopes, rerequest: true },
  );
}
