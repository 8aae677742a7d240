import { met, ms, type Row } from './rows.ts';
import { benchMedia, benchTriggerLatency } from './runtime.ts';

/** A run triggered by hand, end to end, and the media renderers. */
export const runtimeRows = async ({ root }: { root: string }): Promise<Row[]> => {
  const trigger = await benchTriggerLatency({ root });
  const media = await benchMedia();
  return [
    {
      figure: 'trigger → terminal, fake model, no media',
      value: `p50 ${ms(trigger.p50)}, p99 ${ms(trigger.p99)}`,
      goal: 'p50 < 150 ms',
      result: met(trigger.p50 < 150),
    },
    {
      figure: 'graphic card 1200×675',
      value: `p50 ${ms(media.cardP50)}`,
      goal: '< 300 ms',
      result: met(media.cardP50 < 300),
    },
    { figure: 'meme 1080×1080', value: `p50 ${ms(media.memeP50)}`, goal: '', result: '' },
    {
      figure: 'MP4, 4 s animated card',
      value: Number.isNaN(media.videoP50) ? 'skipped: no ffmpeg' : `p50 ${ms(media.videoP50)}`,
      goal: '',
      result: '',
    },
  ];
};
