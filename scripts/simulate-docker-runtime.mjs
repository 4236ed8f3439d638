// Replays the runtime stage of the Dockerfile on this machine, for where no Docker engine runs (CI here):
// the files it copies from the build stage go into a temporary root, `npm ci --omit=dev` runs there as the
// Dockerfile says, and the image's command starts as a non-root user with the image's environment (production
// mode, secrets given). Then the image's own HEALTHCHECK command must pass, the server must answer what a
// deployment needs (the web app, sign-up, the agency API with a key made by the image's operator CLI, an upload
// and its download), and SIGTERM must stop it cleanly. A runtime package listed under devDependencies, a file the
// runtime stage forgets to copy or a RUN step this script cannot replay fails the check.
//
// Usage: node scripts/simulate-docker-runtime.mjs   (scripts/check-docker-image.sh runs it; builds when stale)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = [];
const check = (name, ok, detail = '') => {
  results.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
  return ok;
};
/** A step the later ones cannot do without: stop here with the count so far. */
const must = (name, ok, detail) => {
  if (!check(name, ok, detail)) finish();
};

let server = null;
let tmp = null;
let serverLog = '';
function finish() {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  const failed = results.filter((r) => !r.ok).length;
  if (failed && serverLog) console.log(`\n--- server output ---\n${serverLog.slice(-6000)}`);
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  console.log(`\ndocker-runtime: ${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

// ---- the Dockerfile, read as instructions (continuation lines joined, comments dropped)
function parseDockerfile(text) {
  const out = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) continue;
    if (line.startsWith('#')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const full = (pending + line).trim();
    pending = '';
    const m = /^(\w+)\s+([\s\S]*)$/.exec(full);
    if (m) out.push({ op: m[1].toUpperCase(), args: m[2].trim() });
  }
  return out;
}

const dockerfile = parseDockerfile(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
const stages = [];
const globalArgs = {};
for (const ins of dockerfile) {
  if (ins.op === 'FROM') {
    const [, image, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(ins.args) ?? [];
    stages.push({ image, name, instructions: [] });
  } else if (stages.length) stages.at(-1).instructions.push(ins);
  else if (ins.op === 'ARG') {
    const [k, v] = ins.args.split('=');
    globalArgs[k] = v;
  }
}
const build = stages.find((s) => s.name === 'build');
const runtime = stages.at(-1);
const expand = (s) => s.replace(/\$\{(\w+)\}/g, (_, k) => globalArgs[k] ?? '');

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const projectNodeMajor = String(pkg.devDependencies?.node ?? '').split('.')[0];
check(
  "the image's Node.js major is the project's own (package.json's node devDependency)",
  globalArgs.NODE_MAJOR === projectNodeMajor,
  `NODE_MAJOR=${globalArgs.NODE_MAJOR}, package.json node=${pkg.devDependencies?.node}`,
);
check(
  'the build stage is the official node image, the runtime stage its slim variant',
  !!build &&
    /^node:[\d.]+(-bookworm)?$/.test(expand(build.image)) &&
    /^node:[\d.]+-bookworm-slim$/.test(expand(runtime.image)),
  `${build && expand(build.image)} / ${expand(runtime.image)}`,
);
const buildWorkdir = build?.instructions.find((i) => i.op === 'WORKDIR')?.args ?? '/';
check(
  'the build stage installs with npm ci and builds with the npm script',
  !!build?.instructions.some((i) => i.op === 'RUN' && /^npm ci\b/.test(i.args)) &&
    !!build?.instructions.some((i) => i.op === 'RUN' && i.args === 'npm run build'),
);
const ignore = readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');
check(
  'the build context leaves out installed packages, local data and secrets',
  ['**/node_modules', 'data', '**/secrets.json', '.env', '.git'].every((p) => ignore.includes(p)),
);

// ---- the build stage's output: this work tree, built as `npm run build` builds it
buildIfStale();

// ---- the runtime stage, replayed under a temporary root
tmp = path.join(tmpdir(), `hcp-image-${randomBytes(4).toString('hex')}`);
mkdirSync(tmp, { recursive: true });
chmodSync(tmp, 0o755);
const inRoot = (p) => path.join(tmp, p);
const fromBuild = (p) => {
  const rel = path.posix.relative(buildWorkdir, path.posix.resolve(buildWorkdir, p));
  if (rel.startsWith('..')) throw new Error(`COPY --from=build of ${p}, outside the build stage's ${buildWorkdir}`);
  return path.join(root, rel);
};
const isRoot = process.getuid?.() === 0;
const env = {};
let cwd = '/';
let user = null;
let healthcheck = null;
let entrypoint = [];
let cmd = [];
const volumes = [];
const exposed = [];
const skipped = [];

function ensureUser(name) {
  if (!isRoot) return { uid: process.getuid(), gid: process.getgid() };
  if (spawnSync('id', ['-u', name]).status !== 0) {
    const r = spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', name]);
    if (r.status !== 0) throw new Error(`useradd ${name} failed: ${r.stderr}`);
  }
  const id = (flag) => Number(spawnSync('id', [flag, name], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** The RUN steps this replay knows; any other RUN fails the check until it is taught here. */
function replayRun(command) {
  const parts = command.split(/\s*&&\s*/);
  for (const part of parts) {
    if (/^npm ci\b/.test(part)) {
      const args = part.split(/\s+/).slice(1);
      const r = spawnSync('npm', args, { cwd: inRoot(cwd), stdio: 'inherit', env: process.env });
      must(`RUN ${part}`, r.status === 0, r.status === 0 ? '' : `exit ${r.status}`);
    } else if (/^npm cache clean\b/.test(part) || /^rm -rf \/var\/lib\/apt\/lists/.test(part)) {
      // Image size only.
    } else if (/^apt-get (update|install)\b/.test(part)) {
      skipped.push(part);
    } else if (/^(groupadd|useradd)\b/.test(part)) {
      // The user is made (or found) when USER names it.
    } else if (/^mkdir -p (\/\S+)$/.test(part)) {
      mkdirSync(inRoot(/^mkdir -p (\S+)$/.exec(part)[1]), { recursive: true });
    } else if (/^chown (\S+?)(:\S+)? (\/\S+)$/.test(part)) {
      const [, owner, , dir] = /^chown (\S+?)(:\S+)? (\/\S+)$/.exec(part);
      const ids = ensureUser(owner);
      if (isRoot) chownSync(inRoot(dir), ids.uid, ids.gid);
    } else if (/^chmod (0?[0-7]{3}) (\/\S+)$/.test(part)) {
      const [, mode, dir] = /^chmod (\S+) (\S+)$/.exec(part);
      chmodSync(inRoot(dir), parseInt(mode, 8));
    } else must(`RUN ${part}`, false, 'this replay does not know the step: teach scripts/simulate-docker-runtime.mjs');
  }
}

const jsonArray = (s) => (s.startsWith('[') ? JSON.parse(s) : ['/bin/sh', '-c', s]);

for (const { op, args } of runtime.instructions) {
  switch (op) {
    case 'ENV':
      for (const m of args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[m[1]] = m[2].replace(/^"|"$/g, '');
      break;
    case 'WORKDIR':
      cwd = path.posix.resolve(cwd, args);
      mkdirSync(inRoot(cwd), { recursive: true });
      break;
    case 'COPY': {
      const words = args.split(/\s+/);
      if (words[0] !== '--from=build')
        must(`COPY ${args}`, false, 'the runtime stage copies from the build stage only');
      const [dest, ...srcs] = words.slice(1).reverse();
      const target = path.posix.resolve(cwd, dest);
      for (const src of srcs.reverse()) {
        const from = fromBuild(src);
        if (!existsSync(from)) must(`COPY --from=build ${src}`, false, 'missing from the build');
        const into = dest.endsWith('/') || srcs.length > 1;
        const to = into ? path.join(inRoot(target), path.basename(src)) : inRoot(target);
        mkdirSync(path.dirname(to), { recursive: true });
        if (statSync(from).isDirectory()) cpSync(from, to, { recursive: true });
        else copyFileSync(from, to);
      }
      // Files copied by root are readable by everyone, as in an image layer.
      spawnSync('chmod', ['-R', 'a+rX', inRoot(target)]);
      break;
    }
    case 'RUN':
      replayRun(args);
      break;
    case 'USER':
      user = args;
      break;
    case 'VOLUME':
      volumes.push(...jsonArray(args).filter((v) => !v.startsWith('/bin')));
      break;
    case 'EXPOSE':
      exposed.push(...args.split(/\s+/).map((p) => Number(p.split('/')[0])));
      break;
    case 'HEALTHCHECK': {
      const m = /\bCMD\s+([\s\S]+)$/.exec(args);
      healthcheck = m ? jsonArray(m[1]) : null;
      break;
    }
    case 'ENTRYPOINT':
      entrypoint = jsonArray(args);
      break;
    case 'CMD':
      cmd = jsonArray(args);
      break;
    case 'STOPSIGNAL':
    case 'ARG':
    case 'LABEL':
      break;
    default:
      must(`${op} ${args}`, false, 'this replay does not know the instruction');
  }
}
for (const s of skipped) console.log(`     (not replayed, the machine's own packages stand in: ${s})`);

// ---- what the image holds
const app = inRoot(cwd);
const installed = (name) => existsSync(path.join(app, 'node_modules', name, 'package.json'));
check(
  'production mode by default, listening on every interface',
  env.HCP_MODE === 'production' && env.HOST === '0.0.0.0',
);
check('the port the server listens on is the one exposed', exposed.includes(Number(env.PORT)), `EXPOSE ${exposed}`);
check('a non-root user runs the server', !!user && user !== 'root' && user !== '0', `USER ${user}`);
check(`DATA_DIR (${env.DATA_DIR}) is a volume`, volumes.includes(env.DATA_DIR));
const needed = ['fastify', 'argon2', '@electric-sql/pglite', 'pdfjs-dist', '@napi-rs/canvas', 'pg'];
// Development tools and the web app's packages stay out. (npm's dev flag is tree-wide: a package another workspace
// needs at run time, such as the bench's tsx, comes along though the server only lists it for development.)
const unwanted = ['vitest', 'typescript', 'node', 'react', 'playwright-core', 'drizzle-kit', '@redocly/cli'];
check(
  "the server's dependencies are installed, development tools and the other workspaces' packages are not",
  needed.every(installed) && !unwanted.some(installed),
  [...needed.filter((n) => !installed(n)).map((n) => `${n} missing`), ...unwanted.filter(installed)].join(', '),
);
must(
  'the image holds the server bundle, the migrations and the web app',
  [
    'apps/server/dist/server.js',
    'apps/server/dist/file-worker.js',
    'apps/server/dist/ops.js',
    'apps/server/drizzle/meta/_journal.json',
    'apps/web/dist/index.html',
  ].every((f) => existsSync(path.join(app, f))),
);

// ---- node where the image has it, the user, the data volume
const binDir = inRoot('/usr/local/bin');
mkdirSync(binDir, { recursive: true });
copyFileSync(process.execPath, path.join(binDir, 'node'));
chmodSync(path.join(binDir, 'node'), 0o755);
const ids = ensureUser(user);
const dataDir = inRoot(env.DATA_DIR);
check(
  'the data volume belongs to the server user, private',
  existsSync(dataDir) && (!isRoot || statSync(dataDir).uid === ids.uid) && (statSync(dataDir).mode & 0o077) === 0,
);

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}
const port = await freePort();
// `docker run -e PORT=... -e JWT_SECRET=... -e DATA_ENCRYPTION_KEY=...`; container paths map into the temporary root.
const containerEnv = {
  ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v.startsWith('/') ? inRoot(v) : v])),
  PATH: `${binDir}:/usr/bin:/bin`,
  PORT: String(port),
  JWT_SECRET: randomBytes(32).toString('base64url'),
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'info',
};
const asUser = { cwd: app, env: containerEnv, ...(isRoot ? { uid: ids.uid, gid: ids.gid } : {}) };
const nodeCmd = (argv) => (argv[0] === 'node' ? [path.join(binDir, 'node'), ...argv.slice(1)] : argv);

// The operator CLI of the image (`docker exec`/`docker run ... node apps/server/dist/ops.js`), before the server holds the data dir.
const keys = spawnSync(
  path.join(binDir, 'node'),
  ['apps/server/dist/ops.js', 'keys:create', '--name', 'image check', '--scopes', 'read,write'],
  { ...asUser, encoding: 'utf8' },
);
const agencyKey = /agk_[a-f0-9]+_[a-f0-9]+/.exec(keys.stdout)?.[0];
must("the image's operator CLI makes an agency key", keys.status === 0 && !!agencyKey, keys.stderr.trim());

// ENTRYPOINT + CMD; tini where this machine has it (scripts/check-docker-image.sh installs Debian's), else CMD alone.
const entry = entrypoint.length && existsSync(entrypoint[0]) ? entrypoint : [];
if (entrypoint.length && !entry.length) console.log(`     (${entrypoint[0]} is not on this machine: CMD runs alone)`);
const argv = [...entry, ...nodeCmd(cmd)];
server = spawn(argv[0], argv.slice(1), { ...asUser, stdio: ['ignore', 'pipe', 'pipe'] });
server.stdout.on('data', (d) => (serverLog += d));
server.stderr.on('data', (d) => (serverLog += d));
const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));

// The image's HEALTHCHECK, as Docker runs it (in the container, as its user), until it passes or the server dies.
const [hcBin, ...hcArgs] = nodeCmd(healthcheck ?? ['false']);
let healthy = false;
for (let i = 0; i < 240 && !healthy && server.exitCode === null; i++) {
  healthy = spawnSync(hcBin, hcArgs, { ...asUser, timeout: 10_000 }).status === 0;
  if (!healthy) await new Promise((r) => setTimeout(r, 500));
}
must(
  "the image's HEALTHCHECK passes once the server is up",
  healthy,
  server.exitCode !== null ? 'the server exited' : '',
);

const base = `http://127.0.0.1:${port}`;
const ready = await fetch(`${base}/core/api/health/ready`).then((r) => r.json());
check(
  'ready: the embedded database answers with every migration applied',
  ready.status === 'ready' && ready.database === 'pglite' && ready.migrations.applied === ready.migrations.expected,
  JSON.stringify(ready),
);
const page = await fetch(`${base}/jobs`);
check('the web app is served', page.status === 200 && (await page.text()).includes('<div id="root">'));
const docs = await fetch(`${base}/core/api/docs/json`);
check('the OpenAPI document is served', docs.status === 200 && !!(await docs.json()).paths);
const dev = await fetch(`${base}/core/api/dev/outbox`);
check('no dev routes in production mode', dev.status === 404);

const email = `image.${randomBytes(3).toString('hex')}@example.com`;
const signUp = await fetch(`${base}/core/api/auth/HcpSignUp`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    EmailAddress: email,
    PhoneNumber: '5125550100',
    FirstName: 'Image',
    LastName: 'Check',
    ProfessionId: 13,
    ReferralId: 121,
    WebPassword: 'Correct-Horse-42',
  }),
});
const token = await signUp.text();
// The answer is a token: only its status is shown.
must('a clinician signs up (argon2, password rules, reference data)', signUp.status === 200, `${signUp.status}`);
const bearer = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const up = await fetch(`${base}/core/api/Document/uploadDocument`, {
  method: 'POST',
  headers: bearer,
  body: JSON.stringify({ file: pdf.toString('base64'), fileType: 'pdf' }),
});
const upJson = await up.json();
const attach = await fetch(`${base}/core/api/HcpCredentialsDropbox/attachDocument`, {
  method: 'POST',
  headers: bearer,
  body: JSON.stringify({ filepath: upJson.filePath, documentTitle: 'Image Check Card' }),
});
check('the clinician uploads a document (file checks, stored in DATA_DIR)', up.status === 200 && attach.status === 200);
const keyed = { authorization: `Bearer ${agencyKey}` };
const listed = await fetch(`${base}/core/api/agency/documents`, { headers: keyed }).then((r) => r.json());
const item = listed.items?.find((d) => d.title === 'Image Check Card');
const file = item ? await fetch(`${base}${item.fileUrl}`, { headers: keyed }) : null;
check(
  'the agency API, with the key the CLI made, lists the document and downloads the stored file',
  !!file && file.status === 200 && Buffer.from(await file.arrayBuffer()).equals(pdf),
);
const stored = inRoot(path.join(env.DATA_DIR, 'files'));
check(
  'stored files and the database belong to the server user',
  !isRoot || [stored, path.join(dataDir, 'pgdata')].every((p) => existsSync(p) && statSync(p).uid === ids.uid),
);

// `docker stop`: SIGTERM to PID 1, then the server finishes and exits 0.
server.kill('SIGTERM');
const end = await exited;
check(
  'SIGTERM stops the server cleanly (exit 0 after finishing in-flight requests)',
  end.code === 0 && serverLog.includes('shutting down'),
  JSON.stringify(end),
);
finish();
