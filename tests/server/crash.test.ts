import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crashRounds } from '../helpers/crashRounds';

/**
 * The crash test, small: two rounds of kill -9 during bulk writes on the embedded database (bench/crash.ts runs ten
 * or more). Acknowledged writes survive; a bulk call the kill cut off is never half there.
 */
describe.runIf(!process.env.TEST_DATABASE_URL)('kill -9 during bulk writes (embedded database)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-crash-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged write and never half a bulk call, restart after restart', async () => {
    const results = await crashRounds(dataDir, 2, (line) => console.log(`crash test ${line}`));
    expect(results.flatMap((r) => r.problems)).toEqual([]);
    // The kill came while writes were going on and after some had been answered.
    expect(results.every((r) => r.acknowledgedCopies > 0)).toBe(true);
  }, 300_000);
});
