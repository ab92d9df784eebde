// Measures how many exported Base44 apps render on Atelier (issue 27's "Done when").
//
//   node scripts/build-if-stale.mjs
//   node scripts/base44-render-check.mjs <export-dir>... [--port 4105] [--json out.json]
//     [--settle ms] [--view-as owner|user] [--screenshots dir]
//   node scripts/base44-render-check.mjs <export-dir>... --published [--view-as visitor,user]
//
// Starts the built server on a throwaway data directory (the real npm registry unless
// NPM_REGISTRY_URL says otherwise), imports each folder as GitHub's "Download ZIP" would give it
// (node_modules and .git left out) through POST /api/apps/import/base44, opens the builder's
// preview link in Chromium and waits for the first page. An app counts as rendered when its root
// element shows something (text, or a sized image, drawing, frame or control: not an empty box
// such as a toaster's viewport), no uncaught error reached the page
// (`pageerror`), and none of its own /api calls answered 404/5xx or failed. A page that shows
// something whose visible text reads like an error screen (the app's own error boundary or "not
// found" page: ERROR_SCREEN below) is not counted as rendered but as "check by hand", with the
// phrase in the table's "screen" column. Prints a table.
//
// `--published` opens the app where its end users do instead: each imported app is published
// through the builder's Publish API (POST /api/apps/{appId}/publish, sign-up switched on) and its
// published address (`http://{slug}.localhost:{port}/`, which Chromium resolves itself) is opened
// once per view of `--view-as` (a comma-separated list; default `visitor,user`): `visitor`, signed
// out; `user`, an end user of the app signed up through the API its SDK uses (auth/register, the
// e-mailed code from the dev outbox, auth/verify-otp) and arriving as the hosted login sends them
// back (`?access_token=`). The same rules count "rendered"; for a visitor, the app's hosted login
// page (`/login?from_url=…`, where many exports send a signed-out visitor) counts when it renders.
// The table then has one status column per view ("landed" names the hosted login when it showed).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Zip, ZipDeflate } from 'fflate';
import { chromium } from 'playwright';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const [, value] = args.splice(at, 2);
  return value;
};
const port = Number(option('--port', '4105'));
const jsonOut = option('--json', undefined);
const settleMs = Number(option('--settle', '25000'));
/** A folder to keep a screenshot of each page in (`<export>[-<view>].png`), to check by hand. */
const screenshots = option('--screenshots', undefined);
const publishedMode = args.includes('--published');
if (publishedMode) args.splice(args.indexOf('--published'), 1);
/**
 * Whom the page acts as. Preview: the builder (`owner`, as the builder's preview opens) or the app's
 * test end user (`user`). Published (a list): a signed-out `visitor` and/or a signed-up end `user`.
 */
const viewAs = option('--view-as', publishedMode ? 'visitor,user' : 'owner');
const publishedViews = viewAs.split(',').filter(Boolean);
if (publishedMode && publishedViews.some((view) => !['visitor', 'user'].includes(view))) {
  console.error('--published takes --view-as visitor, user or visitor,user');
  process.exit(2);
}
const dirs = args;
if (dirs.length === 0) {
  console.error('usage: node scripts/base44-render-check.mjs <export-dir>... [--port N] [--json file]');
  process.exit(2);
}

/**
 * Phrases of an error screen: an app's error boundary, its "not found" page, a crash message it
 * prints. Matched on the page's visible text; a match makes the row "check by hand", not "yes".
 */
const ERROR_SCREEN = [
  /something went wrong/i,
  /page not found/i,
  /\b404\b/,
  /\bnot found\b/i,
  /cannot read propert(?:y|ies) of/i,
  /is not (?:a function|defined)\b/i,
  /\b(?:Type|Reference|Syntax)Error\b/,
  /(?:an |unexpected |application )error (?:occurred|has occurred)/i,
  /unexpected error/i,
  /failed to load/i,
  /oops\b/i,
  // A set-up screen in place of the app (its .env is not in the repository).
  /setup required/i,
  /\bnot configured\b/i,
  /configuration error/i,
  /\bmissing (?:its |the |your )?(?:[\w-]+ ){0,2}(?:configuration|environment variables?|env vars?)\b/i,
];

/** The first error-screen phrase in `text`, as it appears there, or ''. */
function errorScreenOf(text) {
  for (const pattern of ERROR_SCREEN) {
    const match = pattern.exec(text);
    if (match) return match[0];
  }
  return '';
}

const base = `http://127.0.0.1:${port}`;
const headers = { origin: base, 'content-type': 'application/json' };
const SKIPPED = /(^|\/)(node_modules|\.git)(\/|$)/;

/**
 * The folder as GitHub's "Download ZIP" gives it (`<name>-main/…`), streamed into `file` one entry
 * at a time (fflate's streaming Zip): only one file of the export is in memory at once.
 */
async function zipToFile(dir, file) {
  const name = path.basename(dir);
  const out = fs.createWriteStream(file);
  const written = new Promise((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  let failed;
  const zip = new Zip((error, chunk, final) => {
    if (error) failed = error;
    else out.write(chunk);
    if (final || error) out.end();
  });
  const walk = (relative) => {
    for (const dirent of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${dirent.name}` : dirent.name;
      if (SKIPPED.test(child)) continue;
      if (dirent.isDirectory()) walk(child);
      else if (dirent.isFile()) {
        const entry = new ZipDeflate(`${name}-main/${child}`, { level: 6 });
        zip.add(entry);
        entry.push(fs.readFileSync(path.join(dir, child)), true);
      }
    }
  };
  walk('');
  zip.end();
  await written;
  if (failed) throw failed;
}

async function startServer() {
  // Another run's server on the port would answer this run's health check (and its imports): refuse.
  // (A server still shutting down, e.g. an older run's just killed, gets 10 s to go.)
  let taken = true;
  for (let i = 0; i < 40 && taken; i++) {
    taken = await fetch(`${base}/api/health`).then(
      () => true,
      () => false,
    );
    if (taken) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (taken) throw new Error(`port ${port} is in use (another render check?): pass --port`);
  // Each run its own data folder (and the zips it uploads), removed at the end.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b44-render-'));
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      MODEL_CATALOGUE_URL: 'off',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  for (let i = 0; i < 600 && !exited; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, dataDir };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error('the server did not start');
}

async function signIn() {
  const body = JSON.stringify({
    email: `render-${Date.now()}@example.com`,
    password: 'violet-canyon-maple-42',
  });
  const res = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers, body });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  // Builders act once their address is verified: with the link of the dev outbox's mail.
  const { email } = JSON.parse(body);
  const { messages } = await (await fetch(`${base}/api/dev/outbox`)).json();
  const mail = messages.find(
    (message) => message.to === email && message.subject.startsWith('Verify your email'),
  );
  const link = mail && /https?:\/\/\S+\/auth\/handler\?\S+/.exec(mail.text)?.[0];
  const token = link && new URL(link).searchParams.get('oobCode');
  const verified = await fetch(`${base}/api/auth/verify-email`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ token }),
  });
  if (verified.status !== 200)
    throw new Error(`verify-email answered ${verified.status}: ${await verified.text()}`);
  return cookie;
}

async function importApp(cookie, dir) {
  const zipFile = path.join(dataDir, 'render-check-upload.zip');
  await zipToFile(dir, zipFile);
  const form = new FormData();
  form.append('file', await fs.openAsBlob(zipFile, { type: 'application/zip' }), `${path.basename(dir)}.zip`);
  const res = await fetch(`${base}/api/apps/import/base44`, {
    method: 'POST',
    headers: { origin: base, cookie },
    body: form,
  });
  const body = await res.json().catch(() => ({}));
  if (res.status !== 201)
    throw new Error(`import ${res.status}: ${body.error?.message ?? JSON.stringify(body)}`);
  return body;
}

async function previewUrl(cookie, appId) {
  const res = await fetch(`${base}/api/apps/${appId}/preview-token`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ viewAs }),
  });
  if (!res.ok) throw new Error(`preview-token ${res.status}`);
  return (await res.json()).url;
}

/** Publishes the app as the builder's Publish button does, with sign-up on; its published address. */
async function publish(cookie, appId) {
  const res = await fetch(`${base}/api/apps/${appId}/publish`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: '{}',
  });
  const body = await res.json().catch(() => ({}));
  if (res.status !== 200) throw new Error(`publish ${res.status}: ${body.error?.message ?? ''}`);
  const signup = await fetch(`${base}/api/apps/${appId}`, {
    method: 'PATCH',
    headers: { ...headers, cookie },
    body: JSON.stringify({ isSignupEnabled: true }),
  });
  if (!signup.ok) throw new Error(`sign-up switch ${signup.status}`);
  return body.url;
}

/**
 * An end user of the app, signed up through the API its SDK uses (`auth.register`, then
 * `auth.verifyOtp` with the code mailed to them): their access token.
 */
async function endUserToken(appId, appUrl) {
  const email = `user-${Date.now()}@example.com`;
  const appHeaders = { origin: new URL(appUrl).origin, 'content-type': 'application/json' };
  const call = async (route, body) => {
    const res = await fetch(`${base}/api/apps/${appId}/auth/${route}`, {
      method: 'POST',
      headers: appHeaders,
      body: JSON.stringify(body),
    });
    const answer = await res.json().catch(() => ({}));
    if (!res.ok)
      throw new Error(`auth/${route} ${res.status}: ${answer.error?.message ?? answer.message ?? ''}`);
    return answer;
  };
  await call('register', { email, password: 'violet-canyon-maple-42', full_name: 'Render Check' });
  const { messages } = await (await fetch(`${base}/api/dev/outbox`)).json();
  const code = /\b(\d{6})\b/.exec(messages.find((message) => message.to === email)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return (await call('verify-otp', { email, otp_code: code })).access_token;
}

/** Waits until the root shows something and the page has been quiet (no request in flight) for 1.5 s. */
async function renderOf(browser, url, shotName) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  const failed = [];
  /** The app's fetches of other sites that could not connect: a "Failed to fetch" is theirs. */
  const outside = [];
  const sdk = { ok: 0, failed: 0 };
  // Calls refused (401/403): not failures (a signed-out visitor's auth.me), listed to be read.
  const refused = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  // The API and preview origins, whichever host name (localhost or 127.0.0.1) the page uses.
  const ports = new Set([String(port), new URL(url).port]);
  // The published app's own origin (`{slug}.localhost`) too.
  const own = (requestUrl) => {
    const { hostname, port: requestPort } = new URL(requestUrl);
    const local = ['localhost', '127.0.0.1'].includes(hostname) || hostname.endsWith('.localhost');
    return local && ports.has(requestPort);
  };
  const consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (consoleErrors.length < 20) consoleErrors.push(message.text().slice(0, 300));
    // Atelier's runtime catches errors the app throws while it starts and logs them so.
    if (message.text().startsWith('[atelier] ')) errors.push(message.text().slice(10).split('\n')[0]);
  });
  page.on('pageerror', (error) => {
    errors.push(error.message.split('\n')[0]);
    if (process.env.DEBUG) console.log(error.stack);
  });
  const requests = [];
  page.on('request', (request) => {
    if (requests.length < 200) requests.push(request.url().slice(0, 120));
    inFlight++;
    lastActivity = Date.now();
  });
  const done = () => {
    inFlight--;
    lastActivity = Date.now();
  };
  page.on('requestfinished', async (request) => {
    done();
    const response = await request.response().catch(() => null);
    // The SDK's calls (`/api/apps/{appId}/…`); an export's calls to a backend of its own are not Atelier's.
    if (!response || !own(request.url()) || !new URL(request.url()).pathname.startsWith('/api/apps/')) return;
    if (response.status() >= 500 || response.status() === 404) {
      sdk.failed++;
      // The answer's own message says why (a function's error, an unknown entity).
      const body = await response.text().catch(() => '');
      const message = /"message"\s*:\s*"([^"]{1,160})/.exec(body)?.[1] ?? body.slice(0, 160);
      failed.push(
        `${response.status()} ${request.method()} ${new URL(request.url()).pathname}${message ? ` (${message})` : ''}`,
      );
    } else if (response.status() < 400) sdk.ok++;
    else if ([401, 403].includes(response.status()) && refused.length < 20)
      refused.push(`${response.status()} ${request.method()} ${new URL(request.url()).pathname}`);
  });
  page.on('requestfailed', (request) => {
    done();
    if (!own(request.url())) {
      // The app's own fetch of another site that could not connect (this machine may be offline).
      const unreachable =
        /ERR_(?:NAME_NOT_RESOLVED|INTERNET_DISCONNECTED|ADDRESS_UNREACHABLE|CONNECTION_REFUSED|CONNECTION_TIMED_OUT|TIMED_OUT)/;
      if (
        ['fetch', 'xhr'].includes(request.resourceType()) &&
        unreachable.test(request.failure()?.errorText ?? '')
      )
        outside.push(request.url().slice(0, 120));
      return;
    }
    // An SDK call that never got an answer (refused by CORS, a path the server does not serve) failed
    // too; one the page itself cancelled (a navigation, an aborted query) did not.
    const aborted = request.failure()?.errorText === 'net::ERR_ABORTED';
    if (!aborted && new URL(request.url()).pathname.includes('/api/apps/')) sdk.failed++;
    failed.push(`${request.failure()?.errorText} ${new URL(request.url()).pathname}`);
  });
  const started = Date.now();
  await page.goto(url, { timeout: 60_000 }).catch((error) => errors.push(`goto: ${error.message}`));
  const loaded = Date.now();
  let shown = false;
  for (let first = true; first || Date.now() - loaded < settleMs; first = false) {
    shown = await page
      .evaluate(() => {
        const root = document.getElementById('root') ?? document.body;
        if (root.innerText.trim().length > 0) return true;
        // Without text: a sized picture, drawing, frame or control (a canvas game, an image); an
        // empty box (a toaster's viewport, a background) is not the app showing something.
        return [...root.querySelectorAll('*')].some((el) => {
          const box = el.getBoundingClientRect();
          if (box.width <= 20 || box.height <= 20) return false;
          return (
            /^(IMG|SVG|CANVAS|VIDEO|IFRAME|INPUT|BUTTON|TEXTAREA|SELECT|PICTURE|OBJECT|EMBED)$/i.test(
              el.tagName,
            ) || getComputedStyle(el).backgroundImage.includes('url(')
          );
        });
      })
      .catch(() => false);
    if (shown && inFlight <= 0 && Date.now() - lastActivity > 1500) break;
    await page.waitForTimeout(250);
  }
  const text = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').trim()).catch(() => '');
  // The preview of a version that does not build is a page of diagnostics, not the app.
  const buildErrors = await page
    .evaluate(() =>
      document.querySelector('h1')?.textContent === 'The app does not build'
        ? [...document.querySelectorAll('li')].map((li) => li.textContent.replace(/\s+/g, ' ').trim())
        : [],
    )
    .catch(() => []);
  if (buildErrors.length > 0) errors.unshift(`build: ${buildErrors[0]}`);
  if (screenshots) {
    fs.mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: path.join(screenshots, `${shotName}.png`) }).catch(() => {});
  }
  // Where the page ended: the app's hosted login (a signed-out visitor sent to sign in) or the app.
  const landed = new URL(page.url()).searchParams.has('from_url') ? 'hosted login' : 'app';
  await context.close();
  return {
    landed,
    shown,
    errors,
    buildErrors,
    failed,
    outside,
    refused,
    sdk,
    screen: errorScreenOf(text),
    text: text.slice(0, 80),
    ms: Date.now() - started,
    requests,
    consoleErrors,
  };
}

/**
 * A render's verdict by the rules above. A page whose only errors are "Failed to fetch" while its
 * fetches of another site could not connect is still "no", but `offline` says so and the reason
 * names the address: the render check's machine may have no network beyond loopback.
 */
function judge(render) {
  const rendered = render.shown && render.errors.length === 0 && render.sdk.failed === 0;
  const offline =
    !rendered &&
    render.shown &&
    render.sdk.failed === 0 &&
    render.outside.length > 0 &&
    render.errors.every((error) => /failed to fetch/i.test(error));
  const reason = render.errors[0] ?? render.failed[0] ?? (render.shown ? '' : 'nothing shown');
  return {
    ...render,
    rendered,
    offline,
    status: !rendered ? 'no' : render.screen ? 'check by hand' : 'yes',
    reason: rendered
      ? render.screen && `its page reads like an error screen ("${render.screen}")`
      : offline
        ? `${reason} (the app's fetch of ${render.outside[0]} could not connect: offline here?)`
        : reason,
  };
}

const { child, dataDir } = await startServer();
const results = [];
try {
  const cookie = await signIn();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  for (const dir of dirs) {
    const name = path.basename(dir);
    // status: 'yes' (rendered), 'check by hand' (rendered by the rules, but its text reads like an
    // error screen) or 'no'; `rendered` is the rules alone (the check before error screens counted).
    const row = { name, imported: false, rendered: false, status: 'no', screen: '', reason: '' };
    try {
      const { app, report } = await importApp(cookie, dir);
      row.imported = true;
      row.onDemand = report.packages.filter((p) => p.status === 'on-demand').map((p) => p.name);
      row.warnings = report.warnings;
      row.data = report.data;
      if (publishedMode) {
        const appUrl = await publish(cookie, app.id);
        row.url = appUrl;
        row.views = {};
        for (const view of publishedViews) {
          const target = new URL(appUrl);
          // An end user arrives as the hosted login sends them back: with their access token.
          if (view === 'user') target.searchParams.set('access_token', await endUserToken(app.id, appUrl));
          row.views[view] = judge(await renderOf(browser, target.toString(), `${name}-${view}`));
        }
        // The row's own status: the first view's (the table shows each).
        Object.assign(row, row.views[publishedViews[0]]);
      } else Object.assign(row, judge(await renderOf(browser, await previewUrl(cookie, app.id), name)));
    } catch (error) {
      row.reason = error.message;
    }
    results.push(row);
    const mark = (status) => ({ yes: 'OK  ', 'check by hand': 'HAND', no: 'FAIL' })[status];
    const line = (prefix, verdict) =>
      `${prefix}${name.padEnd(44)} ${verdict.reason.slice(0, 160)}${verdict.text ? `  | ${verdict.text.slice(0, 50)}` : ''}`;
    if (row.views)
      for (const [view, verdict] of Object.entries(row.views))
        console.log(line(`${mark(verdict.status)} ${view.padEnd(7)} ${verdict.landed.padEnd(12)} `, verdict));
    else console.log(line(`${mark(row.status)} `, row));
  }
  await browser.close();
} finally {
  // Gone before this run ends: a run started next on the same port must not find it answering.
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const summary = (label, verdicts) => {
  const count = (status) => verdicts.filter((verdict) => verdict?.status === status).length;
  console.log(
    `${label}rendered ${count('yes')} of ${results.length}; check by hand ${count('check by hand')} (an error screen's text); without that check ${verdicts.filter((verdict) => verdict?.rendered).length}; failed only on a fetch of another site that could not connect ${verdicts.filter((verdict) => verdict?.offline).length}`,
  );
};
const cell = (text) => text.replace(/\|/g, '\\|').slice(0, 200);
const sdkCell = (verdict) => (verdict?.sdk ? `${verdict.sdk.ok}/${verdict.sdk.failed}` : '–');
console.log('');
if (publishedMode) {
  for (const view of publishedViews)
    summary(
      `published, ${view}: `,
      results.map((row) => row.views?.[view] ?? row),
    );
  const heads = publishedViews.map((view) => `${view} | ${view}: landed | ${view}: SDK ok/failed`);
  console.log(
    `\n| app | ${heads.join(' | ')} | reason |\n|---|${'---|---|---|'.repeat(publishedViews.length)}---|`,
  );
  for (const row of results) {
    const cells = publishedViews.map((view) => {
      const verdict = row.views?.[view];
      return `${verdict?.status ?? 'no'} | ${verdict?.landed ?? '–'} | ${sdkCell(verdict)}`;
    });
    const reasons = publishedViews
      .map((view) => row.views?.[view]?.reason && `${view}: ${row.views[view].reason}`)
      .filter(Boolean);
    console.log(`| ${row.name} | ${cells.join(' | ')} | ${cell(reasons.join('; ') || row.reason)} |`);
  }
} else {
  summary('', results);
  console.log('\n| app | rendered | SDK calls ok/failed | screen | reason |\n|---|---|---|---|---|');
  for (const row of results)
    console.log(
      `| ${row.name} | ${row.status} | ${sdkCell(row)} | ${cell(row.screen ?? '')} | ${cell(row.reason)} |`,
    );
}
if (jsonOut) fs.writeFileSync(jsonOut, `${JSON.stringify(results, null, 2)}\n`);
