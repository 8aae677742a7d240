import { agentsRoutes } from '@agentcast/contracts/api/agents-routes';
import { authRoutes } from '@agentcast/contracts/api/auth-routes';
import { draftsRoutes } from '@agentcast/contracts/api/drafts-routes';
import { inboxRoutes } from '@agentcast/contracts/api/inbox-routes';
import { terminalRoutes } from '@agentcast/contracts/api/terminal-routes';
import { walletRoutes } from '@agentcast/contracts/api/wallet-routes';
import { workspaceHeaders } from './active-workspace.ts';

/**
 * The API reads a page's first render needs, sent by main.tsx before React or any route chunk loads, so they run
 * in parallel with the route code instead of after it. The page that needs an answer hands it to its query (once;
 * app/routes/adopt-early-answers.ts); later reads go through the queries as usual. Each is the path of the route whose
 * query it stands in for, taken from its definition: in the browser build a routes module is only its routes'
 * methods and paths (build/browser-routes.ts), so this brings no zod into the entry. Raw fetch, not callApi: the
 * answer is handed over as it came (status and body), before any query exists.
 */
export const EARLY_API_PATHS = {
  session: authRoutes.getSession.path,
  walletState: walletRoutes.status.path,
  // What the AgentBoard shows first: its first page of agents, the usage line, each agent's next post, and the
  // counts on the Review and Inbox tabs (dashboard-route.tsx adopts them).
  agentPage: agentsRoutes.list.path,
  usage: terminalRoutes.usage.path,
  costs: terminalRoutes.costs.path,
  schedules: terminalRoutes.schedules.path,
  drafts: draftsRoutes.list.path,
  inbox: inboxRoutes.list.path,
} as const;

export type EarlyRequest = keyof typeof EARLY_API_PATHS;

/** A 2xx or not, with the parsed body; a request that never reached the server rejects. */
export type EarlyAnswer = { status: number; ok: boolean; data: unknown };

/** `settled` is filled in as soon as the answer arrives, so a render can use it synchronously (hydration must). */
export type EarlyRequestState = { answer: Promise<EarlyAnswer>; settled?: EarlyAnswer };

const started = new Map<EarlyRequest, EarlyRequestState>();

export const startEarlyRequest = (request: EarlyRequest) => {
  const state: EarlyRequestState = {
    // eslint-disable-next-line no-restricted-globals -- the answer is handed over raw (above)
    answer: fetch(EARLY_API_PATHS[request], { credentials: 'same-origin', headers: workspaceHeaders() }).then(
      async (response) => {
        const answer = { status: response.status, ok: response.ok, data: await response.json().catch(() => null) };
        state.settled = answer;
        return answer;
      },
    ),
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

/**
 * Forgets the answers nobody took: they were read for whoever was signed in when the page loaded, and a sign-in or
 * sign-out makes them someone else's (a page that never rendered, such as a dashboard the gate held back).
 */
export const discardEarlyRequests = () => started.clear();
