import type { PostConfiguration } from '@agentcast/contracts/agents';
import { PLATFORM_TEXT_LIMITS } from '@agentcast/contracts/drafts';
import { isThreadPlatform } from '@agentcast/contracts/platform-thread';
import { DEFAULT_TRIGGER_MESSAGE } from '@agentcast/contracts/terminal';
import type { AgentRow } from '@agentcast/db/schema/agents';

/**
 * A passage of the agent's knowledge that a post may draw on, with where it came from: `source` names the file and
 * page (for the model's prompt and the terminal), `title` the document as a reader knows it, when it has one.
 */
export type KnowledgePassage = { text: string; source: string; title?: string };

/** Everything a writer needs for one post, taken from the whole agent (issue: prompting from the whole agent). */
export type PostBrief = {
  agentName: string;
  systemPrompt: string;
  description: string;
  instruction: string;
  /** The topic this post is about: one of the agent's topics, or what the instruction names. */
  topic: string;
  /** All the agent's topics: its areas, which the prompt names whatever this post is about. */
  topics: string[];
  samplePosts: string[];
  qaPairs: { question: string; answer: string }[];
  dataSources: string[];
  customContext: string;
  knowledge: KnowledgePassage[];
  /**
   * X allows 280 characters, Bluesky 300; without them among the clients, or when the agent posts long texts as
   * threads, a LinkedIn-length post is fine.
   */
  maxChars: number;
  /** Posts longer than one post go out as a numbered thread: the writer may say more, in short sentences. */
  xThread: boolean;
  /**
   * Earlier posts to say something else than (issue 15: no near-duplicates): the one this post came out too close
   * to first, then the agent's other recent posts.
   */
  avoid?: string[];
  model: string;
};

export const X_MAX_CHARS = 280;
export const LONG_POST_MAX_CHARS = 1300;

/**
 * The longest post the agent may write: what the strictest of its platforms takes in one post (X's 280, Bluesky's 300,
 * unless it posts threads: then a thread platform takes any length that fits a thread), else LONG_POST_MAX_CHARS.
 */
export const maxPostChars = (clients: readonly string[], xThreads: boolean) =>
  Math.min(
    LONG_POST_MAX_CHARS,
    ...clients
      .filter((client) => !(isThreadPlatform(client) && xThreads))
      .map((client) => PLATFORM_TEXT_LIMITS[client] ?? LONG_POST_MAX_CHARS),
  );

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether the instruction is the spec's fixed trigger message ("Write a tweet about AI"): every trigger sends it, so
 * its "AI" says nothing about what this agent wants to post (issue 41 §2).
 */
export const isDefaultTriggerMessage = (instruction: string) =>
  instruction
    .trim()
    .replace(/[.!]+$/, '')
    .toLowerCase() === DEFAULT_TRIGGER_MESSAGE.toLowerCase();

/**
 * Picks the topic: for the spec's fixed trigger message one of the agent's own topics; otherwise one the instruction
 * names, else one of the agent's topics at random, else the instruction.
 */
const chooseTopic = (topics: string[], instruction: string, random: () => number) => {
  if (topics.length > 0 && isDefaultTriggerMessage(instruction))
    return topics[Math.floor(random() * topics.length)] as string;
  const named = topics.find((topic) =>
    new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(topic)}($|[^\\p{L}\\p{N}])`, 'iu').test(instruction),
  );
  if (named) return named;
  const aboutMatch = instruction.match(/\babout\s+(.+?)[.!?]*$/i)?.[1];
  if (topics.length > 0 && !aboutMatch) return topics[Math.floor(random() * topics.length)] as string;
  return aboutMatch ?? topics[0] ?? instruction;
};

/** What a brief is made of: a saved agent, or the unsaved settings of the agent form (its preview). */
export type BriefSource = Pick<
  AgentRow,
  'name' | 'prompt' | 'description' | 'samplePosts' | 'sampleQuestions' | 'dataSources' | 'customContext' | 'model'
> & { postConfiguration: Pick<PostConfiguration, 'topics' | 'clients'>; xThreads: boolean };

export const buildPostBrief = (
  agent: BriefSource,
  {
    instruction,
    knowledge = [],
    random = Math.random,
  }: { instruction: string; knowledge?: KnowledgePassage[]; random?: () => number },
): PostBrief => ({
  agentName: agent.name,
  systemPrompt: agent.prompt,
  description: agent.description,
  instruction,
  topic: chooseTopic(agent.postConfiguration.topics, instruction, random),
  topics: agent.postConfiguration.topics,
  samplePosts: agent.samplePosts,
  qaPairs: agent.sampleQuestions,
  dataSources: agent.dataSources,
  customContext: agent.customContext,
  knowledge,
  maxChars: maxPostChars(agent.postConfiguration.clients, agent.xThreads),
  xThread: agent.postConfiguration.clients.some(isThreadPlatform) && agent.xThreads,
  model: agent.model,
});
