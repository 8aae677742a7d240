/** Who a preview shows as the author: the agent, and its X account when one is connected. */
export type PreviewAuthor = { name: string; image: string | null; xHandle: string | null };
