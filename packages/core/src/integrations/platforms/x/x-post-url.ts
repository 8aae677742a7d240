/** A link to an X post; with the author's username when known, else X's form that works without it. */
export const xPostUrl = (postId: string, username?: string) =>
  username ? `https://x.com/${username}/status/${postId}` : `https://x.com/i/web/status/${postId}`;
