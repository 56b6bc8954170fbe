/**
 * Draws the brand icon and splash (default brand, spec 1 §1) into the PWA and the native
 * shells. Chromium renders the SVG, so no image toolchain is needed: `npx tsx scripts/generate-icons.ts`.
 */
import { chromium } from 'playwright';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PRIMARY = '#F9B521';
const FLAME = 'M32 12c6 9 14 15 14 26a14 14 0 0 1-28 0c0-6 3-10 6-13 0 5 2 8 5 9-1-9 1-15 3-22z';

/** `pad` shrinks the flame for maskable and adaptive icons, whose edges the system crops. */
const icon = (rounded: boolean, pad = 0) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${PRIMARY}"/>` +
  `<g transform="translate(${pad} ${pad}) scale(${(64 - 2 * pad) / 64})"><path d="${FLAME}" fill="#fff"/></g></svg>`;
const foreground = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 108 108"><g transform="translate(30 30) scale(0.75)"><path d="${FLAME}" fill="#fff"/></g></svg>`;
const splash = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" preserveAspectRatio="xMidYMid slice"><rect width="100" height="100" fill="${PRIMARY}"/><g transform="translate(38 38) scale(0.375)"><path d="${FLAME}" fill="#fff"/></g></svg>`;

const ANDROID_DENSITIES: Record<string, number> = {
  mdpi: 1,
  hdpi: 1.5,
  xhdpi: 2,
  xxhdpi: 3,
  xxxhdpi: 4,
};
const ANDROID_SPLASH: Record<string, [number, number]> = {
  mdpi: [320, 480],
  hdpi: [480, 800],
  xhdpi: [720, 1280],
  xxhdpi: [960, 1600],
  xxxhdpi: [1280, 1920],
};

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  const page = await browser.newPage();
  const render = async (
    svg: string,
    width: number,
    height: number,
    file: string,
    transparent = false,
  ) => {
    await page.setViewportSize({ width, height });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${width}" height="${height}" `)}</body></html>`,
    );
    const path = join(root, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, await page.screenshot({ omitBackground: transparent }));
  };
  writeFileSync(join(root, 'public/icons/icon.svg'), icon(true));
  for (const size of [192, 512])
    await render(icon(false), size, size, `public/icons/icon-${size}.png`);
  await render(icon(false, 10), 512, 512, 'public/icons/maskable-512.png');
  await render(icon(false), 180, 180, 'public/icons/apple-touch-icon.png');
  for (const [name, scale] of Object.entries(ANDROID_DENSITIES)) {
    const res = `android/app/src/main/res/mipmap-${name}`;
    await render(icon(true, 4), 48 * scale, 48 * scale, `${res}/ic_launcher.png`, true);
    await render(icon(true, 4), 48 * scale, 48 * scale, `${res}/ic_launcher_round.png`, true);
    await render(foreground, 108 * scale, 108 * scale, `${res}/ic_launcher_foreground.png`, true);
    const [w, h] = ANDROID_SPLASH[name];
    await render(splash, w, h, `android/app/src/main/res/drawable-port-${name}/splash.png`);
    await render(splash, h, w, `android/app/src/main/res/drawable-land-${name}/splash.png`);
  }
  await render(splash, 480, 320, 'android/app/src/main/res/drawable/splash.png');
  await render(
    icon(false),
    1024,
    1024,
    'ios/App/App/Assets.xcassets/AppIcon.appiconset/AppIcon-512@2x.png',
  );
  for (const suffix of ['', '-1', '-2']) {
    await render(
      splash,
      2732,
      2732,
      `ios/App/App/Assets.xcassets/Splash.imageset/splash-2732x2732${suffix}.png`,
    );
  }
  await browser.close();
}

await main();
