// Part of `npm run build`: makes the embedded database's seed now, so that the first `npm start` does not wait.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareAppDatabaseSeed } from '../compose/app-database-seed.ts';

const scratch = mkdtempSync(join(tmpdir(), 'agentcast-seed-'));
await prepareAppDatabaseSeed(join(scratch, 'pglite'));
rmSync(scratch, { recursive: true, force: true });
