/**
 * The API reads a page's first render needs, sent by main.tsx before React or any route chunk loads, so they run
 * in parallel with the route code instead of after it. The session layout hands each answer to its query (once);
 * later reads go through the queries as usual. Raw fetch, not callApi: the route definitions would pull zod and
 * the API contracts into the entry chunk.
 */
export const EARLY_API_PATHS = {
  // Same as authRoutes.getSession.path and walletRoutes.status.path (early-requests.test.ts checks).
  session: '/api/auth/get-session',
  walletState: '/api/wallet',
} as const;

export type EarlyRequest = keyof typeof EARLY_API_PATHS;

/** A 2xx or not, with the parsed body; a request that never reached the server rejects. */
export type EarlyAnswer = { status: number; ok: boolean; data: unknown };

/** `settled` is filled in as soon as the answer arrives, so a render can use it synchronously (hydration must). */
export type EarlyRequestState = { answer: Promise<EarlyAnswer>; settled?: EarlyAnswer };

const started = new Map<EarlyRequest, EarlyRequestState>();

export const startEarlyRequest = (request: EarlyRequest) => {
  const state: EarlyRequestState = {
    // eslint-disable-next-line no-restricted-globals -- callApi's route definitions would grow the entry chunk (above)
    answer: fetch(EARLY_API_PATHS[request], { credentials: 'same-origin' }).then(async (response) => {
      const answer = { status: response.status, ok: response.ok, data: await response.json().catch(() => null) };
      state.settled = answer;
      return answer;
    }),
  };
  // Whoever takes it handles a failure; until then an unhandled rejection would only add noise to the console.
  state.answer.catch(() => undefined);
  started.set(request, state);
  return state.answer;
};

/** The request main.tsx started, or undefined if it did not (or it was taken already). */
export const takeEarlyRequest = (request: EarlyRequest) => {
  const state = started.get(request);
  started.delete(request);
  return state;
};
