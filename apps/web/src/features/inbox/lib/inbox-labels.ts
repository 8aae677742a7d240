import type { InboxItem } from '@agentcast/contracts/inbox';
import { platformName } from '@agentcast/contracts/publishing-constants';

/** Where a sent answer stands, in words beside its text. */
export const answerHeading = (answer: NonNullable<InboxItem['answer']>, platform: string) => {
  const who = answer.by_person ? 'You answered' : 'The agent answered';
  switch (answer.status) {
    case 'writing':
      return 'The agent is writing an answer…';
    case 'draft':
      return 'Drafted answer';
    case 'sending':
      return `${answer.by_person ? 'Your' : 'The agent’s'} answer is on its way to ${platformName(platform)}`;
    case 'sent':
      return who;
    case 'failed':
      return `The answer could not be sent to ${platformName(platform)}`;
  }
};

/** The profile link of the author: the platform's own, else the one its handle makes. */
export const authorProfileUrl = ({ author, platform }: Pick<InboxItem, 'author' | 'platform'>) =>
  author.url ?? (platform === 'x' && author.handle ? `https://x.com/${author.handle}` : null);
