import os from 'node:os';
import { prepareDataset, scaleArg, startBenchServer } from './benchServer';

/**
 * `npx tsx bench/imports.ts [--scale large]` (also part of `npm run bench`): 3,000 drivers imported from a CSV
 * through POST /api/driver/import against the real server, on top of the dataset's drivers. Times the preview and
 * the commit as the Import dialog sends them, then takes the import back with Undo, so the dataset stays as it was
 * for the other benchmarks. Target: the commit under 10 s.
 */
const ROWS = 3000;

async function post(url: string, auth: Record<string, string>, query: string, csv: string) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'drivers.csv');
  const t0 = performance.now();
  const res = await fetch(`${url}/api/driver/import?${query}`, { method: 'POST', headers: auth, body: form });
  const body = (await res.json()) as { counts?: { create: number; reject: number } };
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`import ${query}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, counts: body.counts!, action: res.headers.get('x-request-id') };
}

export async function importFigures(url: string, auth: Record<string, string>): Promise<string[]> {
  const areas = (await (await fetch(`${url}/api/area`, { headers: auth })).json()) as { name: string }[];
  const twoAreas = areas.slice(0, 2).map((a) => a.name).join('; ');
  const run = Date.now().toString(36);
  const lines = ['First name,Last name,E-mail,Phone,Areas,Date of birth'];
  for (let i = 0; i < ROWS; i++) lines.push(`Bench,Import ${i},bench.${run}.${i}@import.test,07700 9${String(i).padStart(5, '0')},"${twoAreas}",14/03/1991`);
  const csv = lines.join('\r\n');

  const preview = await post(url, auth, 'mode=preview', csv);
  const commit = await post(url, auth, 'mode=commit', csv);
  if (commit.counts.create !== ROWS) throw new Error(`expected ${ROWS} new drivers, got ${JSON.stringify(commit.counts)}`);
  const t0 = performance.now();
  const undo = await fetch(`${url}/api/history/${commit.action}/undo`, { method: 'POST', headers: auth });
  const undoMs = performance.now() - t0;
  const load = os.loadavg()[0].toFixed(1);
  return [
    '',
    `Import of ${ROWS.toLocaleString('en-GB')} drivers from CSV (${(csv.length / 1024).toFixed(0)} KB, two areas each; load average ${load}):`,
    `  preview (every row checked, nothing written)  ${(preview.ms / 1000).toFixed(2)} s`,
    `  commit (one transaction)                      ${(commit.ms / 1000).toFixed(2)} s   target < 10 s`,
    `  undo of the import ${undo.ok ? '' : `(refused: ${undo.status}) `}                       ${(undoMs / 1000).toFixed(2)} s`,
  ];
}

async function main() {
  const scale = scaleArg();
  await prepareDataset(scale, async () => undefined);
  const { url, auth, stop } = await startBenchServer(scale);
  try {
    for (const line of await importFigures(url, auth)) console.log(line);
  } finally {
    await stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
