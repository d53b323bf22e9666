/**
 * antd's style sheets made at build (src/shell/theme/static-styles.ts), one per value of the
 * system's reduced-motion setting, emitted as assets and named in the console's page as a JSON
 * data block (`<script type="application/json" id="antd-sheets">`), from which the console loads
 * the one that applies when it starts (src/shell/theme/static-sheet-loader.ts). The login page
 * does not wait for them: it is small, and on a phone the file's download delayed its first paint.
 * Build only: the dev server keeps antd's run-time styles.
 *
 * The sheets are rendered in a child Node process, while the bundle is built, with NODE_ENV as the
 * bundle has it: antd's class names depend on it, and this process may have loaded antd already.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';

const MODULE = 'src/shell/theme/static-styles.ts';
const VARIANTS = [
  { name: 'motion', reducedMotion: false },
  { name: 'still', reducedMotion: true },
] as const;

interface Sheet { name: string; fileName: string; source: string }

function renderSheets(root: string, nodeEnv: string): Promise<Sheet[]> {
  const script = `import(${JSON.stringify(path.join(root, MODULE))}).then((m) => process.stdout.write(JSON.stringify(${JSON.stringify(VARIANTS.map((v) => v.reducedMotion))}.map((r) => m.staticStyleSheet(r)))))`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', '-e', script], {
      cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_ENV: nodeEnv },
    }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`antd's static style sheets could not be made:\n${stderr || error.message}`));
      resolve((JSON.parse(stdout) as string[]).map((source, i) => {
        const hash = crypto.createHash('sha256').update(source).digest('base64url').slice(0, 8);
        return { name: VARIANTS[i]!.name, fileName: `assets/antd-${VARIANTS[i]!.name}-${hash}.css`, source };
      }));
    });
  });
}

export function antdStaticStyles(): Plugin {
  let root = process.cwd();
  let base = '/';
  let nodeEnv = 'production';
  let sheets: Promise<Sheet[]> = Promise.resolve([]);
  return {
    name: 'antd-static-styles',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
      nodeEnv = config.isProduction ? 'production' : 'development';
    },
    buildStart() {
      sheets = renderSheets(root, nodeEnv);
      sheets.catch(() => undefined); // awaited, and its error reported, where the sheets are used
    },
    async generateBundle() {
      for (const s of await sheets) this.emitFile({ type: 'asset', fileName: s.fileName, source: s.source });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, ctx): Promise<HtmlTagDescriptor[]> {
        // The console's page only: the customer widget has no antd.
        if (path.basename(ctx.filename) !== 'index.html') return [];
        const files = Object.fromEntries((await sheets).map((s) => [s.name, `${base}${s.fileName}`]));
        return [{ tag: 'script', attrs: { type: 'application/json', id: 'antd-sheets' }, children: JSON.stringify(files), injectTo: 'head' }];
      },
    },
  };
}
