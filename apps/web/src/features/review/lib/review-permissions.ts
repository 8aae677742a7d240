/**
 * What the person's role in the workspace lets them do in Review (issue 36 §2): approve, post now and reject
 * (Owners, Admins, Reviewers), and write, edit, regenerate and reschedule (Owners, Admins, Editors). The server
 * checks each request; this only keeps the tab from offering what it would refuse.
 */
export type ReviewPermissions = { approve: boolean; compose: boolean };

/** Before the role is known, and in one's own workspace: everything. */
export const ALL_REVIEW_PERMISSIONS: ReviewPermissions = { approve: true, compose: true };
