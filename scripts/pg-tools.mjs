#!/usr/bin/env node
/**
 * `npm run pg-tools`: PostgreSQL 17's client tools (pg_dump, pg_restore, psql) in `.tools/`, for
 * machines whose distribution packages no pg_dump that can read the embedded PostgreSQL 17
 * (Debian 12 and Ubuntu 22.04/24.04 ship 15, 14 and 16; a pg_dump refuses a newer server).
 *
 * It takes Debian 13's own packages (postgresql-client-17 and the libraries it needs, C library
 * included) from the Debian mirror, checks them against the archive's signed index (gpgv and
 * debian-archive-keyring), unpacks them under `.tools/postgresql-17/root` and writes small
 * wrappers in `.tools/postgresql-17/bin` that start each tool with those libraries and their own
 * loader, so nothing of the system is replaced. Where a pg_dump 17 is installed (Debian 13, or
 * apt.postgresql.org's postgresql-client-17) the backup finds it without this.
 *
 * Needs: a Debian-like system (dpkg-deb, xz, gpgv, the Debian archive keyring) and the mirror
 * (`DEBIAN_MIRROR`, default http://deb.debian.org/debian).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const MAJOR = 17;
const SUITE = 'trixie';
const MIRROR = (process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian').replace(/\/$/, '');
const KEYRING = '/usr/share/keyrings/debian-archive-keyring.gpg';
const ARCH = {
  x64: ['amd64', 'x86_64-linux-gnu', 'ld-linux-x86-64.so.2'],
  arm64: ['arm64', 'aarch64-linux-gnu', 'ld-linux-aarch64.so.1'],
}[process.arch];
/** Packages of the dependency tree that hold no library the tools load (scripts, data, perl). */
const NOT_NEEDED = new Set([
  'postgresql-client-common',
  'sensible-utils',
  'libc-bin',
  'debconf',
  'perl',
  'perl-base',
  'readline-common',
  'gcc-14-base',
]);
const TOOLS = ['pg_dump', 'pg_restore', 'psql'];

const home = path.resolve(import.meta.dirname, '..', '.tools', `postgresql-${MAJOR}`);
const fail = (message) => {
  console.error(`pg-tools: ${message}`);
  process.exit(1);
};

if (!ARCH)
  fail(`no Debian packages for this processor (${process.arch}); install PostgreSQL ${MAJOR}'s client`);
if (works(path.join(home, 'bin', 'pg_dump'))) {
  console.log(`pg-tools: ${works(path.join(home, 'bin', 'pg_dump'))} is already in ${home}`);
  process.exit(0);
}
for (const tool of ['dpkg-deb', 'xz', 'gpgv'])
  if (!onPath(tool)) fail(`${tool} is missing: this needs a Debian or Ubuntu system`);
if (!existsSync(KEYRING)) fail(`${KEYRING} is missing: apt-get install debian-archive-keyring`);

const [debArch, triplet, loader] = ARCH;
const work = await mkdtemp(path.join(os.tmpdir(), 'pg-tools-'));
try {
  console.log(`pg-tools: reading Debian ${SUITE}'s index from ${MIRROR}`);
  const inRelease = await download(`${MIRROR}/dists/${SUITE}/InRelease`);
  await writeFile(path.join(work, 'InRelease'), inRelease);
  try {
    execFileSync('gpgv', ['--keyring', KEYRING, path.join(work, 'InRelease')], { stdio: 'pipe' });
  } catch (error) {
    fail(`the signature of ${SUITE}'s InRelease does not verify: ${String(error.stderr ?? error)}`);
  }
  const indexName = `main/binary-${debArch}/Packages.xz`;
  const indexSum = signedSha256(inRelease.toString('utf8'), indexName);
  const indexXz = await download(`${MIRROR}/dists/${SUITE}/${indexName}`, indexSum);
  const index = parseIndex(
    execFileSync('xz', ['-dc'], { input: indexXz, maxBuffer: 1 << 30 }).toString('utf8'),
  );
  const wanted = closure(index, `postgresql-client-${MAJOR}`);
  const total = wanted.reduce((sum, p) => sum + Number(p.Size), 0);
  console.log(`pg-tools: ${wanted.length} packages, ${(total / 1e6).toFixed(1)} MB`);

  await rm(home, { recursive: true, force: true });
  const root = path.join(home, 'root');
  await mkdir(root, { recursive: true });
  for (const p of wanted) {
    const deb = path.join(work, path.basename(p.Filename));
    await writeFile(deb, await download(`${MIRROR}/${p.Filename}`, p.SHA256));
    execFileSync('dpkg-deb', ['-x', deb, root]);
  }
  await mkdir(path.join(home, 'bin'));
  const libs = [`usr/lib/${triplet}`, `lib/${triplet}`].map((d) => `"$root/${d}"`).join(':');
  for (const tool of TOOLS) {
    const wrapper = path.join(home, 'bin', tool);
    await writeFile(
      wrapper,
      [
        '#!/bin/sh',
        `# Debian ${SUITE}'s ${tool} ${MAJOR}, run with its own libraries and loader (scripts/pg-tools.mjs)`,
        'root="$(dirname "$(readlink -f "$0")")/../root"',
        `exec "$root/usr/lib/${triplet}/${loader}" --library-path ${libs} "$root/usr/lib/postgresql/${MAJOR}/bin/${tool}" "$@"`,
        '',
      ].join('\n'),
    );
    await chmod(wrapper, 0o755);
  }
  const version = works(path.join(home, 'bin', 'pg_dump'));
  if (!version) fail(`the unpacked pg_dump does not run (${path.join(home, 'bin', 'pg_dump')})`);
  console.log(`pg-tools: ${version} in ${path.join(home, 'bin')}`);
} finally {
  await rm(work, { recursive: true, force: true });
}

/** The tool's `--version` line, or null when it does not run. */
function works(file) {
  try {
    return execFileSync(file, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

function onPath(tool) {
  return (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(path.join(dir, tool)));
}

async function download(url, sha256) {
  const response = await fetch(url);
  if (!response.ok) fail(`${url}: HTTP ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  if (sha256 && createHash('sha256').update(body).digest('hex') !== sha256)
    fail(`${url} does not match the SHA-256 of the signed index`);
  return body;
}

/** The SHA-256 that the signed InRelease gives for `name`. */
function signedSha256(inRelease, name) {
  const section = inRelease.split(/^SHA256:$/m)[1] ?? '';
  const line = section.split('\n').find((l) => l.trim().split(/\s+/)[2] === name);
  if (!line) fail(`${name} is not in ${SUITE}'s InRelease`);
  return line.trim().split(/\s+/)[0];
}

function parseIndex(text) {
  const packages = new Map();
  for (const block of text.split('\n\n')) {
    const fields = {};
    for (const line of block.split('\n')) {
      const match = /^([A-Za-z0-9-]+): (.*)$/.exec(line);
      if (match) fields[match[1]] = match[2];
    }
    if (fields.Package) packages.set(fields.Package, fields);
  }
  return packages;
}

/** `name` and every package it depends on (first alternative; a virtual name by its provider). */
function closure(index, name) {
  const found = new Map();
  const todo = [name];
  while (todo.length > 0) {
    let next = todo.pop();
    if (NOT_NEEDED.has(next) || found.has(next)) continue;
    if (!index.has(next)) {
      const provider = [...index.values()].find((p) =>
        (p.Provides ?? '').split(',').some((v) => v.trim().split(' ')[0] === next),
      );
      if (!provider) fail(`no package provides ${next}`);
      next = provider.Package;
      if (found.has(next)) continue;
    }
    const p = index.get(next);
    found.set(next, p);
    for (const dep of (p.Depends ?? '').split(',')) {
      const first = dep.split('|')[0].trim().split(/[\s:]/)[0];
      if (first) todo.push(first);
    }
  }
  return [...found.values()];
}
