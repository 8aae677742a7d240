import type { Agent } from '@agentcast/contracts/agents';
import { AGENT_MESSAGES } from '@agentcast/contracts/agents-constants';
import type { Delivery, RunProgress } from '@agentcast/contracts/terminal';
import { TERMINAL_MESSAGES } from '@agentcast/contracts/terminal-constants';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import type { NextPost } from '../api/schedules-query.ts';
import { AgentAvatar } from './agent-avatar.tsx';
import { scheduleLine } from '../lib/schedule-line.ts';
import { TriggerProgress } from './trigger-progress.tsx';

const ACTIVITY_TAG = { post: 'Post', chat: 'Chat' } as const;

/**
 * content-visibility with the heights a row usually has (measured at 375 px: 304-342, at 1280 px: 140), remembered
 * once drawn.
 */
const DEFERRED_OFFSCREEN =
  '[content-visibility:auto] [contain-intrinsic-size:auto_320px] sm:[contain-intrinsic-size:auto_140px]';

type AgentRowProps = {
  agent: Agent;
  /** When the agent next posts on its own; undefined while not known. */
  nextPost?: NextPost;
  onEdit: () => void;
  onTrigger: () => void;
  isTriggering: boolean;
  /** The steps of the latest trigger, as the live stream told them. */
  progress?: RunProgress[];
  /** Where the latest triggered post went (its deliveries), once the run is over. */
  outcome?: Delivery[];
  onDelete: () => void;
  isDeleting: boolean;
  /** Pause / Resume, where the screen offers it (the AgentBoard). */
  pausing?: { onToggle: () => void; isPending: boolean };
  /**
   * Skip laying out and painting the row while it is off screen (a long list), reserving about a row's height
   * (two lines of actions on a phone, one beside the agent from `sm`) until it has been drawn once.
   */
  isDeferredOffscreen?: boolean;
};

const Tag = ({ children, tone = 'plain' }: { children: string; tone?: 'plain' | 'review' }) => (
  <li
    className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${
      tone === 'review' ? 'bg-amber-500/15 text-amber-200' : 'bg-ink-700 text-slate-200'
    }`}
  >
    {children}
  </li>
);

/** One agent of the spec's list: avatar, name, description, a tag per activity, Meme/Graphics tags, actions. */
export const AgentRow = ({
  agent,
  nextPost,
  onEdit,
  onTrigger,
  isTriggering,
  progress = [],
  outcome,
  onDelete,
  isDeleting,
  pausing,
  isDeferredOffscreen = false,
}: AgentRowProps) => {
  const name = agent.name || AGENT_MESSAGES.unnamed;
  return (
    <li
      className={`flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-800/60 p-5 sm:flex-row sm:items-center ${
        isDeferredOffscreen ? DEFERRED_OFFSCREEN : ''
      }`}
      aria-label={name}
    >
      <AgentAvatar name={name} image={agent.image} />
      <div className="min-w-0 flex-1">
        <h3 className="truncate font-semibold text-white">{name}</h3>
        <p className="mt-0.5 line-clamp-2 text-sm text-slate-400">
          {agent.description || AGENT_MESSAGES.noDescription}
        </p>
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Tags">
          {agent.activities.map((activity) => (
            <Tag key={activity}>{ACTIVITY_TAG[activity]}</Tag>
          ))}
          {agent.meme && <Tag>Meme</Tag>}
          {agent.graphic && <Tag>Graphics</Tag>}
          {/* Which agents draft instead of posting: their posts wait in the Review tab. */}
          {agent.approval !== 'none' && <Tag tone="review">Reviews posts</Tag>}
        </ul>
        {/* Always there, one line high: the row keeps its size when the schedules arrive after the agents. */}
        <p
          className={`mt-2 h-4 text-xs leading-4 ${agent.paused ? 'text-amber-300' : 'text-slate-400'}`}
          data-testid="next-post"
        >
          {scheduleLine(agent.paused, nextPost, new Date())}
        </p>
        <TriggerProgress steps={progress} isRunning={isTriggering} outcome={outcome} />
      </div>
      {/* Four actions do not fit one line of a phone: two by two there, in a row beside the agent above that. */}
      <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex">
        <button type="button" className={buttonClasses('secondary')} onClick={onEdit}>
          Edit
        </button>
        {pausing && (
          <button
            type="button"
            className={buttonClasses('secondary', 'min-w-24')}
            onClick={pausing.onToggle}
            disabled={pausing.isPending}
          >
            {agent.paused ? 'Resume' : 'Pause'}
          </button>
        )}
        <button
          type="button"
          className={buttonClasses('secondary', 'min-w-28')}
          // aria-disabled, not disabled: a disabled button drops keyboard focus to the page's start mid-run.
          onClick={() => !isTriggering && onTrigger()}
          aria-disabled={isTriggering || undefined}
        >
          {isTriggering ? TERMINAL_MESSAGES.triggering : 'Trigger'}
        </button>
        <button type="button" className={buttonClasses('danger')} onClick={onDelete} disabled={isDeleting}>
          Delete
        </button>
      </div>
    </li>
  );
};
