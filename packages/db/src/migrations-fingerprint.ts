import { createHash, type Hash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from './migrate.ts';

/** Feeds every committed migration (its name and its SQL) into `hash`: a prepared database is named after them. */
export const hashMigrations = (hash: Hash) => {
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql')) hash.update(file).update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  }
  return hash;
};

/** Changes whenever a migration changes. */
export const migrationsFingerprint = () => hashMigrations(createHash('sha256')).digest('hex').slice(0, 16);
