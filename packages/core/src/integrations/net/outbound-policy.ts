/**
 * Which servers this one may connect to on a person's behalf (webhook receivers, and any server address a person
 * types in). `public-https`, production's: HTTPS only, to hosts whose every address is on the public internet, so
 * that nobody can make the server call its own machine, its private network or a cloud metadata service. `public`,
 * development's default: the same addresses, plain HTTP allowed. `any`: loopback and private receivers too, outside
 * production only and only when asked for (ALLOW_PRIVATE_TARGETS=true, as the tests do).
 */
export type OutboundPolicy = 'public-https' | 'public' | 'any';

/** Production is always `public-https`, whatever else is asked for. */
export const outboundPolicy = ({
  isProduction,
  allowPrivateTargets,
}: {
  isProduction: boolean;
  allowPrivateTargets: boolean;
}): OutboundPolicy => (isProduction ? 'public-https' : allowPrivateTargets ? 'any' : 'public');
