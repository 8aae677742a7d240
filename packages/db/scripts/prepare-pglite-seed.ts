// Part of `npm run build`: makes the cached PGlite seed now, so that the first `npm start` does not wait for it.
import { loadPgliteSeed } from '../src/pglite-seed.ts';

await loadPgliteSeed();
