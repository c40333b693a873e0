// Revoke access (spec §2/§4): log in again with the reduced scopes, ask the server to delete the data,
// toast the outcome for 3 s, clear the state on success, then go to '/'. A cancelled login does nothing.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { initClient, tsRestFetchApi } from '@ts-rest/core';
import { contract, DELETION_LOGIN_SCOPES, TIMINGS } from '@pagecast/contract';
import { toast } from '@pagecast/ui';
import { queryClient } from '../../lib/query-client';
import { resetAll } from '../../stores';
import { socialLogin } from '../auth';

export const DELETION_SUCCESS_TOAST = 'Data deletion completed';
export const DELETION_FAILURE_TOAST = 'Data deletion failed, contact support';

/**
 * delete-user is public and its token is the social network's, not our session: a 401 here means "not
 * your data", so it gets the failure toast rather than the app-wide 401 redirect of src/lib/api.ts.
 */
const deletionClient = initClient(contract.user, {
  baseUrl: '',
  baseHeaders: { Accept: 'application/json', 'Content-Type': 'application/json' },
  api: tsRestFetchApi,
});

/**
 * `after`: where the user lands once it is done: home (Revoke Access, spec §4), or the deletion status
 * page of their request's confirmation code (the Account screen), which shows what was deleted.
 */
export function useDataDeletion({ after = 'home' }: { after?: 'home' | 'status' } = {}) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const goHomeLater = useCallback(() => {
    timer.current = setTimeout(
      () => void navigate({ to: '/', replace: true }),
      TIMINGS.redirectDelayMs,
    );
  }, [navigate]);
  // The status page is addressed by the request's confirmation code (the path segment the route calls
  // $userId), never by the user id: that would tell anyone whether a person asked for deletion.
  const showStatus = useCallback(
    (code: string) =>
      void navigate({ to: '/deletion-status/$userId', params: { userId: code }, replace: true }),
    [navigate],
  );

  const relogin = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      const social = await socialLogin(DELETION_LOGIN_SCOPES);
      if (!social) return;
      let code: string | null = null;
      const userId = social.auth.userID || social.profile.id;
      try {
        const response = await deletionClient.deleteUser({
          body: {
            userId,
            accessToken: social.auth.accessToken,
          },
        });
        if (response.status === 200 && response.body.success) code = response.body.confirmationCode;
      } catch (error) {
        console.error('Data deletion request failed:', error);
      }
      if (code !== null) {
        toast.success(DELETION_SUCCESS_TOAST, { duration: TIMINGS.deletionToastMs });
        resetAll();
        queryClient.clear();
        if (after === 'status') return showStatus(code);
      } else {
        toast.error(DELETION_FAILURE_TOAST, { duration: TIMINGS.deletionToastMs });
        // From the Account screen a refusal keeps the user where they can try again.
        if (after === 'status') return;
      }
      goHomeLater();
    } finally {
      running.current = false;
      setPending(false);
    }
  }, [after, goHomeLater, showStatus]);

  return { relogin, pending };
}
