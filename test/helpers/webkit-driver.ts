// Drives WebKit (the engine of Safari) in a test: Debian's WebKitGTK MiniBrowser through WebKitWebDriver, the W3C
// WebDriver (classic) server of webkit2gtk-driver, on a virtual X display (Xvfb; MiniBrowser has no headless mode).
// The handful of WebDriver commands a page check needs, over fetch: no npm WebDriver client speaks to WebKitGTK's
// driver without a browser download or a Selenium server of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from './free-port.js';

const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const XVFB = '/usr/bin/Xvfb';

/** Whether this machine has what WebKit needs here (`apt-get install webkit2gtk-driver xvfb`). */
export const hasWebKit = (): boolean => [WEBKIT_DRIVER, MINIBROWSER, XVFB].every((p) => existsSync(p));

export interface WebKitPage {
  goto(url: string): Promise<void>;
  /** The elements matching `css` once there is one (polled; WebDriver classic has no events). */
  waitFor(css: string, timeoutMs?: number): Promise<string[]>;
  click(elementId: string): Promise<void>;
  /** Runs `script` (a function body; `arguments` are `args`) in the page and returns what it returns. */
  evaluate<T>(script: string, ...args: unknown[]): Promise<T>;
  close(): Promise<void>;
}

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** Xvfb on a display it picks itself (-displayfd), so parallel runs never collide. */
function startXvfb(): Promise<{ xvfb: ChildProcess; display: string }> {
  return new Promise((resolve, reject) => {
    const xvfb = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1400x900x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
    let out = '';
    xvfb.stdio[3]!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) resolve({ xvfb, display: `:${out.trim()}` });
    });
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code} before naming its display`)));
  });
}

export async function launchWebKit(): Promise<WebKitPage> {
  const { xvfb, display } = await startXvfb();
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=local'], { stdio: 'ignore', env: { ...process.env, DISPLAY: display } });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    driver.kill();
    xvfb.kill();
  };
  const command = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as { value: T & { error?: string; message?: string } };
    if (json.value?.error) throw new Error(`WebDriver ${method} ${path}: ${json.value.error}: ${json.value.message ?? ''}`);
    return json.value;
  };
  try {
    for (let i = 0; ; i++) {
      try {
        await fetch(`${base}/status`);
        break;
      } catch (err) {
        if (i > 200) throw new Error(`WebKitWebDriver did not listen on ${port}`, { cause: err });
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const { sessionId } = await command<{ sessionId: string }>('POST', '/session', {
      capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } } },
    });
    const s = `/session/${sessionId}`;
    return {
      goto: (url) => command('POST', `${s}/url`, { url }),
      async waitFor(css, timeoutMs = 60_000) {
        const until = Date.now() + timeoutMs;
        for (;;) {
          const found = await command<Record<string, string>[]>('POST', `${s}/elements`, { using: 'css selector', value: css });
          if (found.length > 0) return found.map((e) => e[ELEMENT]!);
          if (Date.now() > until) throw new Error(`WebKit: no ${css} within ${timeoutMs} ms`);
          await new Promise((r) => setTimeout(r, 100));
        }
      },
      click: (id) => command('POST', `${s}/element/${id}/click`, {}),
      evaluate: (script, ...args) => command('POST', `${s}/execute/sync`, { script, args }),
      async close() {
        await command('DELETE', s).catch(() => undefined);
        stop();
      },
    };
  } catch (err) {
    stop();
    throw err;
  }
}
