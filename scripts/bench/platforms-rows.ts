import { benchAllPlatforms } from './all-platforms.ts';
import { met, ms, type Row } from './rows.ts';

/**
 * Issue 33: a trigger to every platform, on their fakes. Publishing goes out to each platform as a job of its own, so
 * seven platforms should take about as long as one (the goal: under 3 times X alone), not seven times as long.
 */
export const platformsRows = async (): Promise<Row[]> => {
  const [alone, everywhere] = await benchAllPlatforms();
  if (!alone || !everywhere) return [];
  const ratio = everywhere.publishedMs / Math.max(1, alone.publishedMs);
  return [
    {
      figure: `a trigger with a graphic and a video: written and made (the trigger's answer), X alone / all ${everywhere.platforms.length}`,
      value: `${ms(alone.answeredMs)} / ${ms(everywhere.answeredMs)}`,
      goal: '',
      result: '',
    },
    {
      figure: `  from the answer to the last platform's post: X alone / all ${everywhere.platforms.length} (${everywhere.platforms.join(', ')})`,
      value: `${ms(alone.publishedMs)} / ${ms(everywhere.publishedMs)} (${ratio.toFixed(1)}×)`,
      goal: '< 3×',
      result: met(ratio < 3),
    },
    {
      figure: '  platforms posted',
      value: `${alone.posted} of 1 / ${everywhere.posted} of ${everywhere.platforms.length}`,
      goal: 'all',
      result: met(alone.posted === 1 && everywhere.posted === everywhere.platforms.length),
    },
  ];
};
