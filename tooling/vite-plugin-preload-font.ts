import type { Plugin } from 'vite';

/**
 * Preloads the Latin subset of the variable font in the built index.html, so the text of the first
 * step swaps to it early (the size-adjusted fallback in design-tokens.css keeps the swap from moving
 * anything). The font file's hashed name is only known after bundling, hence a plugin rather than a
 * line in index.html. Dev serves the font unhashed and without preload.
 */
export function vitePluginPreloadFont(fileName: RegExp): Plugin {
  return {
    name: 'vite-plugin-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const asset = Object.values(context.bundle ?? {}).find((output) => output.type === 'asset' && fileName.test(output.fileName));
        if (asset === undefined) throw new Error(`vite-plugin-preload-font: no emitted font matches ${fileName}`);
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${asset.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
