import type { AgentRunRow, DeliveryRow } from '@agentcast/db/schema/runs';
import type {
  PlatformCredentials,
  PublishingPlatform,
  VideoPrivacy,
} from '../../../integrations/platforms/common/platform.ts';
import type { PublishingServices } from './publishing-services.ts';

/** One delivery being moved on by the worker holding its lease: the row, its run, the platform and the account. */
export type DeliveryWork = {
  services: PublishingServices;
  row: DeliveryRow;
  run: AgentRunRow;
  platform: PublishingPlatform;
  credentials: PlatformCredentials;
  /** The connection the credentials are from: marked "Reconnect needed" when the platform refuses them. */
  connectionId?: string;
  /** Who may watch an uploaded video: the agent's choice, read when the run has a video. */
  videoPrivacy?: VideoPrivacy;
  /** The community the post goes into (the agent's Farcaster channel). */
  channelId?: string;
};
