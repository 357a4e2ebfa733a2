// Which components render in each React commit of one page load: the demo session opened once in headless Chromium
// with React's DevTools hook stubbed in (production builds call it too), and for every commit, its time since
// navigation and the components that rendered in it, mounts and updates apart. Names need an unminified build:
// `npx vite build --minify false --outDir /tmp/web-unmin`, then --web /tmp/web-unmin.
// A commit that re-renders components whose output does not change is CPU the page spends for nothing on every load.
// Usage: node bench/react-commits.mjs --web /tmp/web-unmin [--wait 3000] [--top 12]
/* global window */
import { resolve } from 'node:path';
import { DEMO, args, load, startRelay } from './bench-lib.mjs';
import { launchChromium, openMoments } from './browser-lib.mjs';
import { startWebFront } from './web-front.mjs';

const o = args({ web: '', wait: 3000, top: 12 });
if (!o.web) throw new Error('--web <an unminified build of the page> is required (see the header)');
console.log(`load average at start: ${load()}`);
const relay = await startRelay([process.execPath, DEMO]);
const front = await startWebFront(resolve(o.web), relay.port);
const browser = await launchChromium();
try {
  const { lastSeq } = await relay.api(`/api/sessions/${relay.sessionId}`);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(() => {
    window.__commits = [];
    // A fiber's child that is the same object as its alternate's child is a subtree React did not visit (React
    // DevTools' own test); a visited component rendered if it is new or did work (PerformedWork, flag 1).
    const nameOf = (f) =>
      typeof f.type === 'function' ? f.type.displayName || f.type.name : (f.type?.displayName ?? f.type?.render?.name ?? f.type?.type?.name);
    const walk = (fiber, out) => {
      for (let f = fiber; f; f = f.sibling) {
        const component = [0, 1, 11, 14, 15].includes(f.tag);
        if (component && (f.alternate === null || (f.flags & 1) === 1)) out.push(`${f.alternate === null ? '+' : ''}${nameOf(f) || '?'}`);
        if (f.alternate === null || f.child !== f.alternate.child) walk(f.child, out);
      }
    };
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      isDisabled: false,
      inject: () => 1,
      checkDCE: () => undefined,
      onScheduleFiberRoot: () => undefined,
      onCommitFiberRoot: (_id, root) => {
        const out = [];
        walk(root.current.child, out);
        window.__commits.push([performance.now(), out]);
      },
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
    };
  });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${front.port}/#token=${relay.token}`);
  const { firstRow } = await openMoments(page, lastSeq);
  await page.waitForTimeout(o.wait);
  const commits = await page.evaluate(() => window.__commits);
  console.log(`first row at ${Math.round(firstRow)} ms; ${commits.length} commits in the ${o.wait} ms after it and before`);
  for (const [t, names] of commits) {
    const counts = new Map();
    for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
    const list = [...counts].map(([n, c]) => (c > 1 ? `${n}×${c}` : n));
    console.log(
      `${String(Math.round(t)).padStart(6)} ms, ${names.length} rendered: ${list.slice(0, o.top).join(' ')}${list.length > o.top ? ` …+${list.length - o.top}` : ''}`,
    );
  }
  await context.close();
} finally {
  await browser.close();
  await front.close();
  await relay.stop();
}
console.log(`load average at end: ${load()}`);
