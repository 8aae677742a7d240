import { isServerUp, met, ms, postgresUrl, skippedWithoutServer, type Row } from './rows.ts';
import { benchScheduling } from './scheduling.ts';

/** Issue 19 §3: scheduled runs through one worker on PostgreSQL, with the fake model and X. */
export const schedulingRows = async ({ root }: { root: string }): Promise<Row[]> => {
  if (!(await isServerUp())) return skippedWithoutServer('scheduled runs on PostgreSQL');
  const { burst, spread, arrivalPerSecond } = await benchScheduling({ root, serverUrl: postgresUrl });
  const posted = (result: typeof burst) => `${result.posted} of ${result.runs} posted to X`;
  const spending = (result: typeof burst) =>
    `${result.queriesPerRun.toFixed(2)} round trips, ${result.cpuMsPerRun.toFixed(2)} ms of worker CPU`;
  return [
    {
      figure: '10,000 agents due at once: runs a second, one worker',
      value: `${Math.round(burst.runsPerSecond)} runs/s (${posted(burst)})`,
      goal: '≥ 500 runs/s',
      result: met(burst.runsPerSecond >= 500),
    },
    {
      figure: `10,000 agents due over ${Math.round(10_000 / arrivalPerSecond)} s (${Math.round(arrivalPerSecond)}/s): planned after due, p99`,
      value: ms(spread.plannedP99),
      goal: '< 1000 ms',
      result: met(spread.plannedP99 < 1000),
    },
    {
      figure: 'the same: due → post in the terminal',
      value: `p50 ${ms(spread.terminalP50)}, p99 ${ms(spread.terminalP99)} (${posted(spread)})`,
      goal: '',
      result: '',
    },
    {
      // Every statement the worker's PostgreSQL clients sent (queue and event bus included), over the runs.
      figure: 'database round trips and worker CPU per run: all due at once',
      value: spending(burst),
      goal: '',
      result: '',
    },
    { figure: 'the same: due over 50 s', value: spending(spread), goal: '', result: '' },
  ];
};
