import { benchBotLoop } from './conversations.ts';
import { met, ms, type Row } from './rows.ts';

/**
 * Issue 34: two agents set on each other stop on their own. The goal: the loop ends at the conversation cap (3
 * answers each, 6 in all) or sooner (the bot-loop detector), never at the plan's daily replies.
 */
export const conversationsRows = async (): Promise<Row[]> => {
  const outcome = await benchBotLoop();
  return [
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
