#!/usr/bin/env node
/**
 * Draws the bundled default video of Watch and Earn (spec 2.6: shown when the library has no
 * video) with Debian's Chromium: a canvas animation recorded by MediaRecorder into a small WebM.
 * Run once from the repo root when the clip should change: node apps/web/scripts/make-default-video.mjs
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'default-video.webm');
const SECONDS = 12;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
});
const page = await browser.newPage();
const base64 = await page.evaluate(async (seconds) => {
  const canvas = document.createElement('canvas');
  canvas.width = 320;
  canvas.height = 180;
  document.body.append(canvas);
  const ctx = canvas.getContext('2d');
  ctx.scale(320 / 480, 180 / 270); // drawn on a 480 x 270 grid
  const stream = canvas.captureStream(24);
  const recorder = new MediaRecorder(stream, {
    mimeType: 'video/webm;codecs=vp8',
    videoBitsPerSecond: 60_000,
  });
  const chunks = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise((resolve) => {
    recorder.onstop = resolve;
  });
  const start = performance.now();
  const draw = () => {
    const t = (performance.now() - start) / 1000;
    const hue = (220 + t * 8) % 360;
    const bg = ctx.createLinearGradient(0, 0, 480, 270);
    bg.addColorStop(0, `hsl(${hue}, 65%, 22%)`);
    bg.addColorStop(1, `hsl(${(hue + 40) % 360}, 70%, 38%)`);
    ctx.fillStyle = bg;
    ctx.fillRect(0, 0, 480, 270);
    for (let i = 0; i < 6; i++) {
      const x = 240 + Math.cos(t * 0.8 + i) * (120 + i * 10);
      const y = 135 + Math.sin(t * 1.1 + i * 1.7) * 70;
      ctx.beginPath();
      ctx.arc(x, y, 14 + i * 3, 0, Math.PI * 2);
      ctx.fillStyle = `hsla(${(hue + i * 30) % 360}, 90%, 70%, 0.25)`;
      ctx.fill();
    }
    ctx.fillStyle = 'white';
    ctx.textAlign = 'center';
    ctx.font = '600 30px sans-serif';
    ctx.fillText('Watch & Earn', 240, 120);
    ctx.font = '16px sans-serif';
    ctx.fillText("Today's reward video", 240, 150);
    const left = Math.max(0, seconds - t);
    ctx.fillStyle = 'rgba(255,255,255,0.25)';
    ctx.fillRect(60, 200, 360, 8);
    ctx.fillStyle = '#34d399';
    ctx.fillRect(60, 200, 360 * Math.min(1, t / seconds), 8);
    ctx.fillStyle = 'white';
    ctx.font = '14px sans-serif';
    ctx.fillText(`${left.toFixed(0)} s`, 240, 232);
    if (t < seconds) requestAnimationFrame(draw);
    else recorder.stop();
  };
  recorder.start(1000);
  draw();
  await done;
  const blob = new Blob(chunks, { type: 'video/webm' });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}, SECONDS);
await browser.close();
const buffer = Buffer.from(base64, 'base64');
writeFileSync(out, buffer);
console.log(`wrote ${out} (${(buffer.length / 1024).toFixed(1)} KB)`);
