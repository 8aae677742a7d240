import {
  AGENT_DEFAULTS,
  REPLY_GUARD_DEFAULTS,
  type Agent,
  type AgentFieldsInput,
  type Client,
  type ReplyGuards,
} from '@agentcast/contracts/agents';
import { isChatClient } from './chat-clients.ts';

const NO_CREDENTIALS = { TWITTER_USERNAME: '', TWITTER_EMAIL: '', TWITTER_PASSWORD: '', TWITTER_2FA_SECRET: '' };

/**
 * The media a new agent makes, so that the platforms it launched with take its posts: YouTube takes videos only
 * and TikTok is made of them (Video on), Instagram a picture or a video (Graphics on, when Video is not on already).
 * A person may change them.
 */
export const launchMedia = (clients: readonly Client[]) => {
  const video = clients.includes('youtube') || clients.includes('tiktok');
  return { meme: false, graphic: clients.includes('instagram') && !video, video };
};

/** The guards as the form edits them: quiet hours as two time boxes, empty when there are none. */
const replyGuardsFormValues = (guards: ReplyGuards): AgentFieldsInput['reply_guards'] => ({
  ...guards,
  quiet_hours: guards.quiet_hours ?? { start: '', end: '' },
});

/**
 * The form's starting values: spec §9 defaults for a new agent (its clients chosen by the Agent Builder when it
 * launched the form, with the media those need), or the saved agent (credentials blank).
 */
export const agentFormValues = (
  agent?: Agent,
  defaultClients: Client[] = [...AGENT_DEFAULTS.clients],
): AgentFieldsInput => {
  if (!agent) {
    return {
      name: '',
      description: '',
      prompt: '',
      model: AGENT_DEFAULTS.model,
      sample_posts: [],
      sample_questions: [],
      data_sources: [...AGENT_DEFAULTS.dataSources],
      activities: [...AGENT_DEFAULTS.activities],
      post_configuration: {
        clients: [...defaultClients],
        interval: AGENT_DEFAULTS.postInterval,
        topics: [],
        enabled: true,
        reply_to_usernames: [],
      },
      chat_configuration: {
        // The Agent Builder may launch with Instagram or YouTube connected: the agent posts there, it answers elsewhere.
        clients: defaultClients.filter(isChatClient),
        reply_to_usernames: [],
        reply_to_replies: true,
        enabled: true,
      },
      twitter_credentials: NO_CREDENTIALS,
      custom_context: '',
      ...launchMedia(defaultClients),
      approval: 'none',
      monthly_budget_usd: null,
      x_threads: false,
      video_privacy: 'private',
      farcaster_channel: '',
      reply_guards: replyGuardsFormValues(REPLY_GUARD_DEFAULTS),
    };
  }
  return {
    name: agent.name,
    description: agent.description,
    prompt: agent.prompt,
    model: agent.model,
    sample_posts: agent.sample_posts,
    sample_questions: agent.sample_questions,
    data_sources: agent.data_sources,
    activities: agent.activities,
    post_configuration: agent.post_configuration,
    chat_configuration: agent.chat_configuration,
    twitter_credentials: NO_CREDENTIALS,
    custom_context: agent.custom_context,
    meme: agent.meme,
    graphic: agent.graphic,
    video: agent.video,
    approval: agent.approval,
    monthly_budget_usd: agent.monthly_budget_usd,
    x_threads: agent.x_threads,
    video_privacy: agent.video_privacy,
    farcaster_channel: agent.farcaster_channel,
    reply_guards: replyGuardsFormValues(agent.reply_guards),
  };
};
