import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from '../migrate.ts';

/** The migrations folder cut after `last`: its journal lists only what that release had. */
export const migrationsUpTo = (last: number) => {
  const folder = mkdtempSync(join(tmpdir(), 'agentcast-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(journalPath, JSON.stringify(journal));
  const fingerprint = createHash('sha256');
  for (const entry of journal.entries) fingerprint.update(readFileSync(join(folder, `${entry.tag}.sql`)));
  return { folder, fingerprint: fingerprint.digest('hex').slice(0, 16) };
};
