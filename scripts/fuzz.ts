// `npm run fuzz [-- --runs 10000] [-- --seed 123]`: malformed requests over every route; exits 1 on any 5xx.
import { parseArgs } from 'node:util';
import { describeFailures } from '../apps/server/src/testing/run-fuzz.ts';
import { benchFuzz } from './bench/fuzz.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10000' }, seed: { type: 'string' } } });
const result = await benchFuzz({
  runs: Number(values.runs),
  seed: values.seed === undefined ? undefined : Number(values.seed),
});
const statuses = [...result.statuses]
  .sort(([a], [b]) => a - b)
  .map(([status, count]) => `${status === 0 ? 'no answer' : status}: ${count}`);
console.log(`${result.sent} requests (seed ${result.seed}), ${Math.round(result.requestsPerSecond)}/s`);
console.log(`answers: ${statuses.join(', ')}`);
console.log(`5xx or no answer: ${result.serverErrors}; server up afterwards: ${result.serverUp ? 'yes' : 'NO'}`);
if (result.failures.length > 0) console.log(describeFailures(result.failures));
process.exit(result.serverErrors === 0 && result.serverUp ? 0 : 1);
