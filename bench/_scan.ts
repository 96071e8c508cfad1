import fs from 'node:fs';
import { createRequire } from 'node:module';
import { launchChromium, logIn, startServer } from '../tests/helpers/e2e';
import { navLinks } from '../domain/navigation';
import { ROLE, RESTAURANT_ROLE } from '../domain/roles';
const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const server = await startServer();
const browser = await launchChromium();
const roles = [['admin@demo.test', 'Admin', ROLE.administrator], ['manager@demo.test', 'Admin', ROLE.manager], ['restaurant@demo.test', 'Business', RESTAURANT_ROLE]] as const;
for (const width of [1366, 390]) {
  for (const [email, tab, role] of roles) {
    const ctx = await browser.newContext({ bypassCSP: true, viewport: { width, height: width > 500 ? 800 : 844 } });
    const page = await ctx.newPage();
    await logIn(page, server.url, email, tab);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    const paths = [...navLinks(role).map((l) => l.path), '/home', ...(role === RESTAURANT_ROLE ? [] : ['/options'])];
    for (const path of paths.filter((p) => !process.env.ONLY || process.env.ONLY.split(',').includes(p))) {
      await page.goto(server.url + path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(800);
      await page.addScriptTag({ content: axeSource });
      const res = await page.evaluate(async () => {
        // @ts-expect-error axe global
        const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
        return r.violations.filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical').map((v: { id: string; nodes: { target: string[] }[] }) => `${v.id}×${v.nodes.length} [${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(' | ')}]`);
      });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      const shot = `/work/scan/${width}-${String(role)}-${path.slice(1)}.png`;
      if (width < 500) await page.screenshot({ path: shot });
      console.log(`${width} ${role} ${path}: overflow ${overflow}px; ${res.length ? res.join('; ') : 'axe ok'}`);
    }
    await ctx.close();
  }
}
await browser.close();
await server.stop();
