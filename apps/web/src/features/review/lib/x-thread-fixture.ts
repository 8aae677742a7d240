/**
 * A text of about 590 characters in eight sentences, for the thread tests: the automatic split makes three posts
 * (three sentences, four, one), so some split moves fit in 280 characters and some do not.
 */
export const THREAD_SENTENCES = [
  'Agents that post on their own need a person who can step in before anything goes out.',
  'That is why every draft waits in the Review tab until someone approves it.',
  'Long posts used to be cut to fit one post on X, which lost the end of the argument.',
  'Now an agent may post a long text as a numbered thread instead.',
  'The split falls between sentences, so no thought is cut in half.',
  'A person can still move each split point, join two posts, or split one.',
  'Nothing is rewritten: the words stay exactly as the agent wrote them.',
  'Approve it, and the posts go out as a reply chain, one after the other.',
] as const;

export const THREAD_TEXT = THREAD_SENTENCES.join(' ');
