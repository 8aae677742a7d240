/** Where the tab remembers that the gate-off notice was shown (sessionStorage: once per browser session). */
const SEEN_KEY = 'agentcast.gate-off-notice-seen';

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The store, when the browser lets the page have one (some privacy modes throw on access). */
export const sessionStore = (): SessionStore | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
};

export const hasSeenGateOffNotice = (store: SessionStore | undefined) => {
  try {
    return store?.getItem(SEEN_KEY) === '1';
  } catch {
    return false;
  }
};

export const markGateOffNoticeSeen = (store: SessionStore | undefined) => {
  try {
    store?.setItem(SEEN_KEY, '1');
  } catch {
    // A full or refused store only means the operator sees the note again in this session.
  }
};
