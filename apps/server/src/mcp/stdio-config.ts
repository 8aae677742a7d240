import { z } from 'zod';

/** The server's address when run with its defaults (PORT 3000, PUBLIC_URL http://localhost:{PORT}). */
export const DEFAULT_AGENTCAST_URL = 'http://localhost:3000';

/** This machine: the one place the API key may travel unencrypted. */
const isLoopback = (hostname: string) =>
  hostname === 'localhost' || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === '[::1]';

const stdioConfigSchema = z.object({
  AGENTCAST_URL: z
    .url({
      protocol: /^https?$/,
      error: 'AGENTCAST_URL must be the http(s) address of Agentcast, e.g. http://localhost:3000',
    })
    .refine((url) => {
      // A malformed address is refused by the check above; this one only judges where a well-formed one goes.
      if (!URL.canParse(url)) return true;
      const { protocol, hostname } = new URL(url);
      return protocol === 'https:' || isLoopback(hostname);
    }, 'AGENTCAST_URL must start with https:// unless it is this machine (localhost): the API key would cross the network unencrypted')
    .default(DEFAULT_AGENTCAST_URL),
  AGENTCAST_API_KEY: z
    .string({ error: 'AGENTCAST_API_KEY is required: a personal API key (agc_…) created in Agentcast’s Settings' })
    .trim()
    .min(1, 'AGENTCAST_API_KEY is empty: set it to a personal API key (agc_…) created in Agentcast’s Settings'),
});

/**
 * What the stdio MCP server needs from its environment (the assistant's configuration sets it): where Agentcast is
 * and the API key to call it with. It is a client of the API, so it reads none of the server's settings.
 */
export const readStdioConfig = (environment: Record<string, string | undefined>) => {
  const parsed = stdioConfigSchema.safeParse({
    AGENTCAST_URL: environment.AGENTCAST_URL || undefined,
    AGENTCAST_API_KEY: environment.AGENTCAST_API_KEY,
  });
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((issue) => issue.message) } as const;
  return { ok: true, url: parsed.data.AGENTCAST_URL, apiKey: parsed.data.AGENTCAST_API_KEY } as const;
};
