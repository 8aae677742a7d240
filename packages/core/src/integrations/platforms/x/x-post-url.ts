/** A link to an X post; with the author's username when known, else X's form that works without it. */
export const xPostUrl = (postId: string, username?: string) =>
  username ? `https://x.com/${username}/status/${postId}` : `https://x.com/i/web/status/${postId}`;

/** X post ids are 64-bit numbers in digits; anything else cannot name a post and must not reach a request. */
export const X_POST_ID = /^\d{1,19}$/;
