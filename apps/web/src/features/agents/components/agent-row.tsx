import { AGENT_MESSAGES, type Agent } from '@agentcast/contracts/agents';
import { TERMINAL_MESSAGES } from '@agentcast/contracts/terminal';
import { buttonClasses } from '../../../components/ui/button-classes.ts';
import { AgentAvatar } from './agent-avatar.tsx';
import { describeNextPost } from './describe-next-post.ts';

const ACTIVITY_TAG = { post: 'Post', chat: 'Chat' } as const;
const NO_SCHEDULED_POSTS = 'No scheduled posts: posts when triggered';

type AgentRowProps = {
  agent: Agent;
  /** When the agent next posts on its own; null when it posts only when triggered; undefined while not known. */
  nextPostAt?: Date | null;
  onEdit: () => void;
  onTrigger: () => void;
  isTriggering: boolean;
  onDelete: () => void;
  isDeleting: boolean;
};

const Tag = ({ children }: { children: string }) => (
  <li className="rounded-full bg-ink-700 px-2.5 py-0.5 text-xs font-medium text-slate-200">{children}</li>
);

/** One agent of the spec's list: avatar, name, description, a tag per activity, Meme/Graphics tags, actions. */
export const AgentRow = ({
  agent,
  nextPostAt,
  onEdit,
  onTrigger,
  isTriggering,
  onDelete,
  isDeleting,
}: AgentRowProps) => {
  const name = agent.name || AGENT_MESSAGES.unnamed;
  return (
    <li
      className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-800/60 p-5 sm:flex-row sm:items-center"
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
        </ul>
        {/* Always there, one line high: the row keeps its size when the schedules arrive after the agents. */}
        <p className="mt-2 h-4 text-xs leading-4 text-slate-400" data-testid="next-post">
          {nextPostAt === null ? NO_SCHEDULED_POSTS : nextPostAt && describeNextPost(nextPostAt, new Date())}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <button type="button" className={buttonClasses('secondary')} onClick={onEdit}>
          Edit
        </button>
        <button
          type="button"
          className={buttonClasses('secondary', 'min-w-28')}
          onClick={onTrigger}
          disabled={isTriggering}
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
