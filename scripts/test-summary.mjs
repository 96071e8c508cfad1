// Adds up Vitest's JSON reports into one closing line: "N passed, N failed".
import fs from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
