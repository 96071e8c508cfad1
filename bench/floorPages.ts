import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './benchServer';

/**
 * The floors' pages (a screen's API answer fetched and drawn as a plain HTML table), served by the bench's own
 * server as files of the built app, under dist/bench-floor/, for as long as a benchmark needs them.
 *
 * Served by the server, a floor's page is fetched as the app's pages are. They used to be answered by the test
 * browser's request interception instead; but while any interception is set, every request of the page goes
 * through the test tool first, a round trip each, and the app's first view makes a few dozen of them (its script
 * modules) where a floor makes one or two: the app was timed about 200 ms late against its floor.
 */
const DIR = path.join(ROOT, 'dist', 'bench-floor');

/** The page's script is a file of its own: the server's Content-Security-Policy runs no inline script. */
const page = (name: string) => `<!doctype html><html><head><meta charset="utf-8"><style>
  body{font:13px system-ui;margin:0} table{border-collapse:collapse} td,th{border:1px solid #ddd;vertical-align:top;padding:2px;min-width:110px}
  .chip{background:#e8f5e9;border-left:4px solid #2e7d32;border-radius:4px;margin:2px;padding:2px 6px}
</style></head><body><table id="t"></table><script src="/bench-floor/${name}.js"></script></body></html>`;

/** `draw` fetches the screen's answer with `h` (the administrator's headers) and fills `#t`. */
const script = (draw: string) => `(async () => {
  const user = JSON.parse(localStorage.getItem('user'));
  const h = { Authorization: 'Bearer ' + user.access_token };
  ${draw}
})();
`;

export interface FloorPages {
  /** The floor's address on the server at `url`. */
  address(url: string, name: string): string;
  /** Takes the pages away again. */
  remove(): void;
}

/** Writes each floor (name: its drawing script, see `script`) as a page of the built app. */
export function serveFloorPages(floors: Record<string, string>): FloorPages {
  fs.mkdirSync(DIR, { recursive: true });
  for (const [name, draw] of Object.entries(floors)) {
    fs.writeFileSync(path.join(DIR, `${name}.html`), page(name));
    fs.writeFileSync(path.join(DIR, `${name}.js`), script(draw));
  }
  return {
    address: (url, name) => `${url}/bench-floor/${name}.html`,
    remove: () => fs.rmSync(DIR, { recursive: true, force: true }),
  };
}
