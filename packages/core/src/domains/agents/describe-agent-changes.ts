import { isDeepStrictEqual } from 'node:util';

/**
 * The audit log's detail of an agent's edit: the settings whose value changed (by their API names), and its files.
 * The form sends every field each time, so what changed is found by comparing, not by what was sent. Credentials
 * are named, never shown.
 */
export const describeAgentChanges = ({
  before,
  after,
  files,
}: {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  files: { image: boolean; trainingFiles: boolean };
}) => {
  const settings = Object.keys(after).filter(
    (key) => key in before && key !== 'twitter_credentials' && !isDeepStrictEqual(before[key], after[key]),
  );
  const changed = [
    ...settings,
    ...(isDeepStrictEqual(before.twitter_credentials, after.twitter_credentials) ? [] : ['X credentials']),
    ...(files.image ? ['image'] : []),
    ...(files.trainingFiles ? ['training files'] : []),
  ];
  return changed.length > 0 ? `Changed: ${changed.join(', ')}` : 'Saved without changes';
};
