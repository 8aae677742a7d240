import type { RunMedia } from '@agentcast/db/schema/runs';

/** A post as the writer made it for a run: its text, its media and where they came from, before it is recorded. */
export type RunPost = {
  text: string;
  media: RunMedia[];
  model: string;
  isOffline: boolean;
  notes: string[];
  sources: { name: string; page: number | null }[];
};
