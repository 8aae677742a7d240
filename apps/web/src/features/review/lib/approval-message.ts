import { platformName } from '@agentcast/contracts/publishing-constants';
import type { PlatformProblem } from '../../../api/connections.ts';

const names = (platforms: string[]) =>
  platforms.length <= 1 ? (platforms[0] ?? '') : `${platforms.slice(0, -1).join(', ')} and ${platforms.at(-1) ?? ''}`;

/**
 * What Review says once a draft is approved (issue 41 §1): where it goes and when, and, for each platform that
 * cannot take it, why; never "going out" to a platform it will not reach. `problemOf` is usePlatformProblems'.
 */
/** The team's approval of a draft that also needs its client's: it waits for them. */
export const WAITS_FOR_CLIENT = (agentName: string) =>
  `Approved by the team: ${agentName}'s post now waits for the client, on their approval link (Settings → Client approval).`;

export const approvalMessage = ({
  agentName,
  platforms,
  when,
  problemOf,
}: {
  agentName: string;
  platforms: string[];
  /** "Mon 1 Dec, 09:30 CET", or null for at once. */
  when: string | null;
  problemOf: (platform: string) => PlatformProblem | null;
}) => {
  const targets = platforms.filter((platform) => platform !== 'terminal');
  const blocked = targets.filter((platform) => problemOf(platform) !== null);
  const reasons = blocked.map((platform) => problemOf(platform)?.text).join('; ');
  const going = targets.filter((platform) => problemOf(platform) === null).map(platformName);
  if (going.length === 0)
    return `Approved: ${agentName}'s post is shown in the Terminal only${reasons ? `: ${reasons}` : ''}.`;
  const rest = blocked.length > 0 ? ` It will not go to ${names(blocked.map(platformName))}: ${reasons}.` : '';
  return `Approved: ${agentName}'s post goes out to ${names(going)} ${when ? `at ${when}` : 'now'}.${rest}`;
};
