import { eq } from 'drizzle-orm';
import { agent } from '@agentcast/db/schema/agents';
import type { AgentRunRow } from '@agentcast/db/schema/runs';
import type { VideoPrivacy } from '../../../integrations/platforms/common/platform.ts';
import type { PublishingServices } from './publishing-services.ts';

export type AgentPublishChoices = {
  /** Who may watch an uploaded video (YouTube), for a run that has one. */
  videoPrivacy?: VideoPrivacy;
  /** The channel its casts go into (Farcaster). */
  channelId?: string;
  /** Whether a text longer than one post may go out as a thread. */
  threads: boolean;
};

/** What the agent chose about how its posts go out on this platform, read as the delivery is posted. */
export const agentPublishChoices = async (
  services: PublishingServices,
  run: AgentRunRow,
  platform: string,
): Promise<AgentPublishChoices> => {
  const [row] = await services.db
    .select({ videoPrivacy: agent.videoPrivacy, farcasterChannel: agent.farcasterChannel, xThreads: agent.xThreads })
    .from(agent)
    .where(eq(agent.id, run.agentId))
    .limit(1);
  return {
    ...(run.media.some((medium) => medium.kind === 'video') && { videoPrivacy: row?.videoPrivacy }),
    ...(platform === 'farcaster' && row?.farcasterChannel && { channelId: row.farcasterChannel }),
    threads: row?.xThreads ?? false,
  };
};
