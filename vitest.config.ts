import { defineConfig } from "vitest/config";
import { playwright } from "@vitest/browser-playwright";
import { browserShims } from "./web/vite.config.js";

// Tool caches live in .cache/, not node_modules/.vite: a cache written into node_modules is newer than
// node_modules/.package-lock.json, and npm then re-reads the whole tree on every `npx tactica` (issue 17).
const cacheDir = ".cache/vite";

// Two projects: Node (test/**/*.test.ts) and real Chromium (test/**/*.browser.test.ts). STACK.md.
export default defineConfig({
  cacheDir,
  test: {
    reporters: ["default", "./test/support/summary-reporter.ts"],
    projects: [
      {
        cacheDir,
        test: {
          name: "node",
          // The end-to-end tests run the built CLI: build it from these sources first.
          globalSetup: ["./test/support/build-cli.ts"],
          environment: "node",
          include: ["test/**/*.test.ts"],
          exclude: ["test/**/*.browser.test.ts"],
          // A timeout is for a hang: the seeded simulations (150 random battles, the TypeScript-vs-Wasm differentials)
          // take 30-80 s each on a loaded 2-core machine.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        cacheDir,
        // As web/vite.config.ts: the page never calls Node's zlib (web/shims/); it has no fs at all.
        resolve: { alias: browserShims },
        test: {
          name: "browser",
          include: ["test/**/*.browser.test.ts"],
          testTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            instances: [{ browser: "chromium" }],
            provider: playwright({
              launchOptions: {
                executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
                args: [
                  "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
                ],
              },
            }),
          },
        },
      },
    ],
  },
});
