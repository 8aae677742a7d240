/**
 * The Graph API version in every Instagram path (graph.instagram.com/v23.0/…). The OAuth provider reads the account
 * at the same version (its own GRAPH_VERSION in instagram-oauth-provider.ts).
 */
export const INSTAGRAM_GRAPH_VERSION = 'v23.0';
