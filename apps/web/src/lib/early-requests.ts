/**
 * The answers public/preload-route.js asked for before the app's code arrived (issue 27): the first GET of the same URL
 * with the same credentials takes it instead of asking again; every later one goes to the network. Only within the
 * first seconds of the page, so a stale answer is never served to a later request.
 */
type Early = Record<string, { authorization: string | undefined; response: Promise<Response> }>;

/** After this, an answer not taken is dropped (the page asked for something else). */
const maxAgeMs = 20_000;

export const takeEarlyResponse = (
  method: string,
  url: string,
  headers: Record<string, string>,
): Promise<Response> | null => {
  const early = (globalThis as { __studioloEarly?: Early }).__studioloEarly;
  const found = early?.[url];
  if (!early || !found) return null;
  delete early[url];
  if (method !== 'GET' || headers.ActAs || performance.now() > maxAgeMs) return null;
  if (headers.Authorization !== found.authorization) return null;
  return found.response;
};
