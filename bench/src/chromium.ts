// Debian Chromium for the browser benchmarks: headless, software WebGL (SwiftShader), nothing
// fetched from the network by the browser itself.
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBenchChromium(options: Pick<LaunchOptions, 'logger'> = {}): Promise<Browser> {
  return chromium.launch({
    ...options,
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--enable-unsafe-swiftshader',
      '--use-angle=swiftshader',
    ],
  });
}
