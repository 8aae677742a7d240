import { AGENT_DEFAULTS, type Agent, type AgentFieldsInput, type Client } from '@agentcast/contracts/agents';

const NO_CREDENTIALS = { TWITTER_USERNAME: '', TWITTER_EMAIL: '', TWITTER_PASSWORD: '', TWITTER_2FA_SECRET: '' };

/**
 * The form's starting values: spec §9 defaults for a new agent (its clients chosen by the Agent Builder when it
 * launched the form), or the saved agent (credentials blank).
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
        clients: [...defaultClients],
        reply_to_usernames: [],
        reply_to_replies: true,
        enabled: true,
      },
      twitter_credentials: NO_CREDENTIALS,
      custom_context: '',
      meme: false,
      graphic: false,
      video: false,
      review_before_posting: false,
      monthly_budget_usd: null,
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
    review_before_posting: agent.review_before_posting,
    monthly_budget_usd: agent.monthly_budget_usd,
  };
};
