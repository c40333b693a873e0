// Signing in again from inside the dashboard to grant a permission a screen needs (docs/product.md §6): the
// same flow as sign-in, asking again for declined permissions, then every query re-reads.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '@pagecast/ui';
import { LOGIN_CANCELLED, useSignIn } from './use-sign-in';

const sayCancelled = () => toast(LOGIN_CANCELLED);

export function useReconnect(scopes: readonly string[]) {
  const queryClient = useQueryClient();
  return useSignIn(
    useCallback(() => queryClient.invalidateQueries(), [queryClient]),
    { scopes, rerequest: true, onCancelled: sayCancelled },
  );
}
