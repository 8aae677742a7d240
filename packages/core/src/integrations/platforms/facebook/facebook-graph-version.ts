/**
 * The Graph API version in every Facebook path (graph.facebook.com/v27.0/…): the newest when this was written
 * (4 November 2026). Meta keeps a version for about two years, then answers its calls with the next one.
 */
export const FACEBOOK_GRAPH_VERSION = 'v27.0';
