import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { showToast } from '../../lib/http.ts';
import { getSupportMode, setSupportMode } from '../../lib/session.ts';
import { userQueryOptions } from './api/get-user.ts';

/** Decided text (spec part 1 §4 only says support mode then exits). */
export const supportMismatchMessage =
  "Modalità support disattivata: l'utente caricato non corrisponde all'email indicata";

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** @returns whether the fetched user is the one support mode was entered for (spec part 1 §4). */
export const supportModeMatches = (username: string, supportEmail: string) => sameEmail(username, supportEmail);

/**
 * Entering and leaving support mode (spec part 1 §4, §6): the e-mail and secret live in session storage and
 * go out as ActAs/ActAsSecret; support mode is kept only if the fetched user is the one entered.
 */
export const useSupportModeActions = () => {
  const qc = useQueryClient();

  const exit = useCallback(() => {
    setSupportMode(null);
    // Nothing of the assisted user may stay on screen.
    qc.clear();
  }, [qc]);

  const enter = useCallback(
    async (email: string, secret: string): Promise<boolean> => {
      const normalized = email.trim().toLowerCase();
      setSupportMode({ email: normalized, secret });
      qc.clear();
      try {
        const user = await qc.fetchQuery(userQueryOptions(normalized));
        if (!supportModeMatches(user.username, normalized)) {
          // The shell may have noticed first: exit (and say so) only once.
          if (getSupportMode()) {
            exit();
            showToast('WARNING', supportMismatchMessage);
          }
          return false;
        }
        return true;
      } catch {
        // The http wrapper already showed why (wrong secret, unknown user).
        if (getSupportMode()) exit();
        return false;
      }
    },
    [qc, exit],
  );

  return { enter, exit };
};
