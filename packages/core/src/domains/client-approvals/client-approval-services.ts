import type { ReviewServices } from '../runs/review/review-services.ts';

/** What client links and their page need: the Review tab's services, the public URL links point to, a clock. */
export type ClientApprovalServices = ReviewServices & { publicUrl: string; now: () => Date };
