import type { OAuthPlatform } from '@agentcast/contracts/connections';

/** Where a connection was started: on /agent-builder, in the Create Agent form, or in an agent's edit form. */
export type OAuthAction = 'agent_builder' | 'create_agent' | 'edit_agent';

/**
 * Spec §3 "Local browser storage": per-platform OAuth state and OAuth agent id values under a product prefix.
 * Only the state, the agent id and where the round trip started are kept here; tokens stay on the server.
 * localStorage rather than sessionStorage: the popup and the page that opened it must both read it.
 */
const key = (name: 'oauth_state' | 'oauth_agent_id' | 'oauth_action', platform: OAuthPlatform) =>
  `agentcast_${name}_${platform}`;

const read = (name: string) => {
  try {
    return window.localStorage.getItem(name);
  } catch {
    return null;
  }
};
const write = (name: string, value: string | null) => {
  try {
    if (value === null) window.localStorage.removeItem(name);
    else window.localStorage.setItem(name, value);
  } catch {
    // Storage disabled: the callback will find no state and say so.
  }
};

export const rememberOAuthRound = (round: {
  platform: OAuthPlatform;
  state: string;
  agentId?: string;
  action: OAuthAction;
}) => {
  write(key('oauth_state', round.platform), round.state);
  write(key('oauth_agent_id', round.platform), round.agentId ?? null);
  write(key('oauth_action', round.platform), round.action);
};

export const readOAuthRound = (platform: OAuthPlatform) => ({
  state: read(key('oauth_state', platform)),
  agentId: read(key('oauth_agent_id', platform)),
  action: read(key('oauth_action', platform)) as OAuthAction | null,
});

/** The state is single use: forgotten as soon as the callback has compared it. */
export const forgetOAuthState = (platform: OAuthPlatform) => write(key('oauth_state', platform), null);

/** Spec §4: on success the stored agent id is cleared. */
export const forgetOAuthRound = (platform: OAuthPlatform) => {
  write(key('oauth_state', platform), null);
  write(key('oauth_agent_id', platform), null);
  write(key('oauth_action', platform), null);
};
