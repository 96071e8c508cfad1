import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crashRounds } from '../tests/helpers/crashRounds';

/**
 * `npx tsx bench/crash.ts [--rounds 10]`: kill -9 of the server during bulk writes on the embedded database, the
 * given number of times (tests/server/crash.test.ts runs two). Prints each round and the totals; exits 1 when an
 * acknowledged write went missing or a bulk call was left half written.
 */
const at = process.argv.indexOf('--rounds');
const rounds = at > 0 ? Number(process.argv[at + 1]) : 10;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-crash-bench-'));

try {
  const results = await crashRounds(dataDir, rounds, (line) => console.log(line));
  const sum = (pick: (r: (typeof results)[number]) => number) => results.reduce((n, r) => n + pick(r), 0);
  const restarts = results.map((r) => r.restartMs).sort((a, b) => a - b);
  const problems = results.flatMap((r) => r.problems);
  console.log(
    `\n${rounds} kills: ${sum((r) => r.acknowledgedCopies)} acknowledged bulk copies and ${sum((r) => r.acknowledgedAreas)} single writes, all there; ` +
      `${sum((r) => r.cutOffCopiesPresent)} cut-off copies wholly there, ${sum((r) => r.cutOffCopiesAbsent)} wholly absent; ` +
      `restart median ${restarts[Math.floor(restarts.length / 2)]} ms, worst ${restarts.at(-1)} ms; ${problems.length} problems`,
  );
  for (const problem of problems) console.log(`  ${problem}`);
  process.exitCode = problems.length ? 1 : 0;
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
