import { benchDuplicates } from './duplicates.ts';
import { met, type Row } from './rows.ts';

/** Scheduled runs of one agent: how many near-duplicate posts get published, with each writer. */
export const reviewRows = async (): Promise<Row[]> => {
  const rows: Row[] = [];
  for (const writer of ['offline', 'model'] as const) {
    const result = await benchDuplicates({ writer });
    const asked = writer === 'model' ? `, ${result.modelRequests} model requests` : '';
    rows.push({
      figure: `${result.runs} scheduled runs of one agent, ${writer === 'model' ? 'a fake model that repeats itself' : 'the offline writer'}: published pairs ≥ 80% similar within 50 posts`,
      value: `${result.pairsInWindow} (${result.published} published, ${result.skipped} skipped${asked})`,
      goal: '0',
      result: met(result.pairsInWindow === 0),
    });
    rows.push({
      figure: '  the same over every pair, however far apart (not compared by design)',
      value: String(result.pairsOverall),
      goal: '',
      result: '',
    });
  }
  return rows;
};
