import { chromium } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
const ctx = await chromium.launchPersistentContext(mkdtempSync('/tmp/pw-'), { executablePath: '/usr/bin/chromium',
  args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-quic','--no-first-run','--disable-component-update','--disable-sync'], viewport: { width: 1400, height: 1000 } });
const page = ctx.pages()[0] ?? await ctx.newPage();
const errs = []; page.on('pageerror', e => errs.push(String(e))); page.on('console', m => m.type()==='error' && errs.push(m.text()));
await page.goto('file:///tmp/hx/report.html');
await page.locator('#plots').screenshot({ path: '/tmp/s2.png' });
await page.goto('file:///tmp/hx/report.html#trial=' + encodeURIComponent(process.argv[2]));
await page.locator('#trials').screenshot({ path: '/tmp/s3.png' });
console.log(errs);
await ctx.close();
