import { benchDuplicates } from './duplicates.ts';
import { benchOfflineTopics } from './offline-topics.ts';
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
  // Issue 41 §2: what the offline writer writes for the spec's fixed trigger message.
  for (const uploadedAs of ['community-guide.pdf', 'Community Guide.pdf']) {
    const result = await benchOfflineTopics({ uploadedAs });
    const share = result.posts > 0 ? (100 * result.namingATopic) / result.posts : 0;
    rows.push(
      {
        figure: `${result.posts} offline posts for "Write a tweet about AI", 3 topics, PDF uploaded as "${uploadedAs}": naming one of its topics`,
        value: `${share.toFixed(1)}% (${result.quoting} quoting the PDF or notes)`,
        goal: '100%',
        result: met(result.posts > 0 && result.namingATopic === result.posts),
      },
      {
        figure: '  posts containing a file name',
        value: String(result.withFileName),
        goal: '0',
        result: met(result.withFileName === 0),
      },
      {
        figure: '  posts with an unfinished sentence (cut quote, ellipsis, no full stop)',
        value: String(result.unfinished),
        goal: '0',
        result: met(result.unfinished === 0),
      },
    );
  }
  return rows;
};
