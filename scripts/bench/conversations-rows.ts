import { benchBotLoop } from './conversations.ts';
import { benchMentionIntake } from './mention-intake.ts';
import { met, ms, type Row } from './rows.ts';

const count = (value: number) => value.toLocaleString('en-US');

/**
 * Issue 34: 1,000 mentions over four platforms through two restarts are each answered once or explained; and two
 * agents set on each other stop on their own, at the conversation cap (3 answers each, 6 in all) or sooner (the
 * bot-loop detector), never at the plan's daily replies.
 */
export const conversationsRows = async (): Promise<Row[]> => {
  const intake = await benchMentionIntake();
  const outcome = await benchBotLoop();
  return [
    {
      figure: `${count(intake.mentions)} mentions on Bluesky, Mastodon, Farcaster and Telegram, ${intake.restarts} restarts: answered + explained`,
      value: `${count(intake.answered)} + ${count(intake.explained)} (over ${ms(intake.elapsedMs)}, ${count(intake.modelCalls)} model calls)`,
      goal: `= ${count(intake.mentions)}`,
      result: met(intake.answered + intake.explained === intake.mentions),
    },
    {
      figure: '  answered on Bluesky, Mastodon, Farcaster, Telegram',
      value: Object.values(intake.answeredBy).join(', '),
      goal: '240 each (10 from a blocked author)',
      result: met(Object.values(intake.answeredBy).every((answered) => answered === 240)),
    },
    {
      figure: '  answered twice, lost',
      value: `${intake.answeredTwice}, ${intake.lost}`,
      goal: '0, 0',
      result: met(intake.answeredTwice === 0 && intake.lost === 0),
    },
    {
      figure: 'two agents answering each other on Bluesky: answers published, model calls',
      value: `${outcome.answers}, ${outcome.modelCalls} (over ${ms(outcome.elapsedMs)})`,
      goal: '≤ 6 answers',
      result: met(outcome.answers > 0 && outcome.answers <= 6),
    },
    {
      figure: '  stopped by',
      value: outcome.stoppedBy.join(' / ') || 'nothing: the loop did not stop',
      goal: 'a reply guard',
      result: met(outcome.stoppedBy.some((note) => note.startsWith('Not answered:'))),
    },
  ];
};
