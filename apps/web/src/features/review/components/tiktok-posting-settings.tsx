import {
  TIKTOK_CREATOR_MESSAGES,
  TIKTOK_MUSIC_CONFIRMATION,
  TIKTOK_PRIVACY_LABELS,
  type TikTokCreator,
} from '@agentcast/contracts/tiktok-creator';
import { useTikTokCreator } from '../api/tiktok-creator-query.ts';

type ReadyCreator = Extract<TikTokCreator, { status: 'ready' }>;

/** "10 min", "3 min 30 s", "45 s": the longest video TikTok lets the account post. */
export const formatVideoLength = (seconds: number) => {
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
};

/** One line of the settings: what, and how it is set for this post. */
const Setting = ({ name, value, testId }: { name: string; value: string; testId: string }) => (
  <div className="flex justify-between gap-3">
    <dt className="text-zinc-400">{name}</dt>
    <dd className="text-right font-medium" data-testid={testId}>
      {value}
    </dd>
  </div>
);

/** An interaction stays on unless the creator turned it off in TikTok; then it goes out off, as TikTok requires. */
const interaction = (isDisabled: boolean) => (isDisabled ? 'Off (turned off in TikTok)' : 'On');

const ReadySettings = ({ creator, isVideo }: { creator: ReadyCreator; isVideo: boolean }) => (
  <>
    <p className="break-words">
      Posting as <span className="font-semibold">{creator.nickname || creator.username}</span>{' '}
      <span className="text-zinc-400">@{creator.username}</span>
    </p>
    <dl className="mt-2 space-y-1">
      <Setting name="Who can watch" value={TIKTOK_PRIVACY_LABELS[creator.privacyLevel]} testId="tiktok-privacy-level" />
      <Setting name="Comments" value={interaction(creator.commentDisabled)} testId="tiktok-comments" />
      {/* Photo posts have comments only: duets and stitches are made of videos. */}
      {isVideo && <Setting name="Duet" value={interaction(creator.duetDisabled)} testId="tiktok-duet" />}
      {isVideo && <Setting name="Stitch" value={interaction(creator.stitchDisabled)} testId="tiktok-stitch" />}
      {isVideo && creator.maxVideoSeconds > 0 && (
        <Setting name="Longest video" value={formatVideoLength(creator.maxVideoSeconds)} testId="tiktok-max-video" />
      )}
    </dl>
    {!creator.audited && <p className="mt-2 text-amber-200">{TIKTOK_CREATOR_MESSAGES.unaudited}</p>}
  </>
);

/**
 * The settings TikTok asks apps to show before a post — the account, who can watch, comments, duets and stitches,
 * the longest video — read from TikTok for the agent's account, with its music confirmation. The post goes out with
 * exactly these (the server reads them again when it posts).
 */
export const TikTokPostingSettings = ({ agentId, isVideo }: { agentId: string; isVideo: boolean }) => {
  const creator = useTikTokCreator(agentId);
  return (
    <section aria-label="TikTok posting settings" className="rounded-lg bg-white/5 p-3 text-[13px] leading-5">
      {creator.data?.status === 'ready' ? (
        <ReadySettings creator={creator.data} isVideo={isVideo} />
      ) : creator.data?.status === 'unavailable' ? (
        <p role="note">{creator.data.message}</p>
      ) : creator.isError ? (
        <p role="note">{creator.error.message}</p>
      ) : (
        <p className="text-zinc-400">Reading the account’s settings from TikTok…</p>
      )}
      <p className="mt-2 text-xs text-zinc-400">
        {TIKTOK_MUSIC_CONFIRMATION.lead}{' '}
        <a href={TIKTOK_MUSIC_CONFIRMATION.url} target="_blank" rel="noreferrer" className="underline">
          {TIKTOK_MUSIC_CONFIRMATION.link}
        </a>
        .
      </p>
    </section>
  );
};
