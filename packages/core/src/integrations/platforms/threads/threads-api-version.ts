/**
 * The Threads API version in every path (graph.threads.net/v1.0/…): the one Meta documents for Threads. The OAuth
 * provider reads the account at the same version.
 */
export const THREADS_API_VERSION = 'v1.0';
